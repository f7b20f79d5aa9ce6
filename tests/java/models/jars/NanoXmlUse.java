import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.util.Enumeration;
import net.n3.nanoxml.IXMLElement;
import net.n3.nanoxml.NonValidator;
import net.n3.nanoxml.StdXMLBuilder;
import net.n3.nanoxml.StdXMLParser;
import net.n3.nanoxml.StdXMLReader;
import net.n3.nanoxml.XMLEntityResolver;
import net.n3.nanoxml.XMLWriter;

/*
 * NanoXmlUse -- NanoXML 2.2.3 running unmodified on the models: parsing from
 * a String and from an InputStream (encoding detection, PushbackInputStream,
 * InputStreamReader), entities, CDATA, comments, attribute Properties,
 * children Vectors, parse errors, and XMLWriter output. The parser is built
 * by hand (XMLParserFactory needs reflection). Only run when the jar is
 * installed (see models_differential.rs).
 */
public class NanoXmlUse {

    static StdXMLParser parser() {
        StdXMLParser p = new StdXMLParser();
        p.setBuilder(new StdXMLBuilder());
        p.setValidator(new NonValidator());
        p.setResolver(new XMLEntityResolver());
        return p;
    }

    public static String fromString() {
        StringBuilder sb = new StringBuilder();
        try {
            StdXMLParser p = parser();
            p.setReader(StdXMLReader.stringReader("<?xml version='1.0'?>\n<!DOCTYPE r [<!ENTITY e 'ent'>]>\n"
                    + "<r a='1' b=\"x&amp;y\"><c>t&e;xt</c><!-- c --><d/><![CDATA[<raw>]]>\n<c k='2'/></r>"));
            IXMLElement root = (IXMLElement) p.parse();
            sb.append(root.getName()).append(root.getAttribute("b", null)).append(root.getChildrenCount());
            sb.append(root.getChildrenNamed("c").size()).append(root.getFirstChildNamed("c").getContent());
            sb.append(root.getAttributes()).append(root.getLineNr());
            Enumeration<?> names = root.enumerateAttributeNames();
            while (names.hasMoreElements()) {
                sb.append(names.nextElement());
            }
            StringWriter sw = new StringWriter();
            new XMLWriter(sw).write(root, true);
            sb.append(sw);
        } catch (Exception e) {
            sb.append("EX:").append(e);
        }
        try {
            StdXMLParser p = parser();
            p.setReader(StdXMLReader.stringReader("<a><b></a>"));
            p.parse();
        } catch (Exception e) {
            sb.append("EX:").append(e.getClass().getName()).append(e.getMessage());
        }
        return sb.toString();
    }

    public static String fromStream() {
        StringBuilder sb = new StringBuilder();
        String[] docs = {"<z q=\"1\"/>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><y>\u00e9</y>",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><w><v/>text</w>"};
        for (String doc : docs) {
            byte[] b = new byte[doc.length()];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) doc.charAt(i);
            }
            try {
                StdXMLParser p = parser();
                p.setReader(new StdXMLReader(new ByteArrayInputStream(b)));
                IXMLElement e = (IXMLElement) p.parse();
                sb.append(e.getName()).append(e.getAttribute("q", "-")).append(e.getChildrenCount());
                sb.append(e.getContent() == null ? "null" : String.valueOf((int) e.getContent().charAt(0)));
            } catch (Exception e) {
                sb.append("EX:").append(e.getClass().getName()).append(e.getMessage());
            }
            sb.append(';');
        }
        return sb.toString();
    }
}
