import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/*
 * CliUse -- commons-cli 1.5.0 running unmodified on the models: option
 * parsing (short, long, with arguments, value separators, Properties of
 * -D options), parse errors, and HelpFormatter output through PrintWriter.
 * Only run when the jar is installed (see models_differential.rs).
 */
public class CliUse {

    static Options options() {
        Options o = new Options();
        o.addOption("h", "help", false, "print help");
        o.addOption(Option.builder("f").longOpt("file").hasArg().argName("FILE").desc("input file").build());
        o.addOption("v", false, "verbose");
        o.addOption(Option.builder("D").hasArgs().valueSeparator('=').desc("define a property").build());
        return o;
    }

    public static String parse() {
        StringBuilder sb = new StringBuilder();
        Options o = options();
        try {
            CommandLine cl = new DefaultParser().parse(o, new String[] {"-v", "--file", "in.txt", "-Dk=v", "-Dq=w", "rest", "more"});
            sb.append(cl.hasOption("v")).append(cl.hasOption("help")).append(cl.getOptionValue("f")).append(cl.getArgList());
            sb.append(Arrays.toString(cl.getOptionValues("D"))).append(cl.getOptionProperties("D"));
            sb.append(Arrays.toString(cl.getArgs())).append(cl.getOptions().length);
        } catch (ParseException e) {
            sb.append("PE:").append(e.getMessage());
        }
        String[][] bad = {{"--nope"}, {"-f"}, {"--fi", "x"}, {"-vx"}};
        for (String[] args : bad) {
            try {
                CommandLine cl = new DefaultParser().parse(o, args);
                sb.append("ok:").append(cl.getArgList());
            } catch (ParseException e) {
                sb.append("|PE:").append(e.getClass().getSimpleName()).append(':').append(e.getMessage());
            }
        }
        return sb.toString();
    }

    public static String help() {
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        HelpFormatter f = new HelpFormatter();
        f.printHelp(pw, 60, "app [options]", "header text that is long enough to be wrapped by the formatter", options(), 2, 3,
                "footer", true);
        f.printUsage(pw, 40, "app", options());
        pw.flush();
        return sw.toString();
    }
}
