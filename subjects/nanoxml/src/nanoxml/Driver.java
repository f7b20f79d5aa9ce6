/*
 * Driver for NanoXML 2.2.3 (Debian's unmodified /usr/share/java/nanoxml.jar), in the style of
 * its DumpXML example: the default parser from XMLParserFactory reads a document through
 * StdXMLReader and the result is written back with XMLWriter. The document's characters are
 * the symbolic inputs.
 */
package nanoxml;

import java.io.StringWriter;
import net.n3.nanoxml.IXMLElement;
import net.n3.nanoxml.IXMLParser;
import net.n3.nanoxml.IXMLReader;
import net.n3.nanoxml.StdXMLReader;
import net.n3.nanoxml.XMLParserFactory;
import net.n3.nanoxml.XMLWriter;

public class Driver {
    /** Parses the document and dumps it; returns the dump, or the exception's class name. */
    public static String dump(String doc) {
        try {
            IXMLParser parser = XMLParserFactory.createDefaultXMLParser();
            IXMLReader reader = StdXMLReader.stringReader(doc);
            parser.setReader(reader);
            IXMLElement xml = (IXMLElement) parser.parse();
            StringWriter out = new StringWriter();
            XMLWriter writer = new XMLWriter(out);
            writer.write(xml);
            return out.toString();
        } catch (Exception e) {
            return "error:" + e.getClass().getName();
        }
    }

    /** A document "<a>" + six symbolic characters + "</a>"-free: the six characters alone. */
    public static String dump6(char c0, char c1, char c2, char c3, char c4, char c5) {
        return dump(new String(new char[] {c0, c1, c2, c3, c4, c5}));
    }
}
