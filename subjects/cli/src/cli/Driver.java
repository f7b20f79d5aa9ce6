/*
 * Driver for Apache Commons CLI 1.5.0 (Debian's unmodified /usr/share/java/commons-cli.jar), in
 * the style of the library's own usage example: a set of options (flags, options with
 * arguments, a long-only option, a builder-made option), parsed with DefaultParser from
 * symbolic command-line arguments. The result summarises what the parse found.
 */
package cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

public class Driver {
    static Options options() {
        Options options = new Options();
        options.addOption("a", "all", false, "do not hide entries starting with .");
        options.addOption("A", "almost-all", false, "do not list implied . and ..");
        options.addOption("b", "escape", false, "print octal escapes for nongraphic characters");
        options.addOption(Option.builder("s").longOpt("block-size").hasArg().desc("use SIZE-byte blocks").build());
        options.addOption("B", "ignore-backups", false, "do not list implied entried ending with ~");
        return options;
    }

    /** Parses the arguments; returns a summary of the options found, or the parse error. */
    public static String parse(String[] args) {
        StringBuilder sb = new StringBuilder();
        try {
            CommandLine line = new DefaultParser().parse(options(), args);
            if (line.hasOption("a")) {
                sb.append("all;");
            }
            if (line.hasOption("A")) {
                sb.append("almost-all;");
            }
            if (line.hasOption("b")) {
                sb.append("escape;");
            }
            if (line.hasOption("block-size")) {
                sb.append("block-size=").append(line.getOptionValue("block-size")).append(';');
            }
            if (line.hasOption("B")) {
                sb.append("ignore-backups;");
            }
            for (String rest : line.getArgs()) {
                sb.append("arg=").append(rest).append(';');
            }
        } catch (ParseException e) {
            sb.append("error:").append(e.getClass().getName());
        }
        return sb.toString();
    }

    /** Three arguments of three symbolic characters each (nine symbolic inputs). */
    public static String parse3(String a0, String a1, String a2) {
        return parse(new String[] {a0, a1, a2});
    }
}
