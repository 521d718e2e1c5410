package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;

import picocli.CommandLine;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Entry point: {@link #run} returns the exit code, only {@link #main} exits. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs patchpin with the given writers and returns its exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        PrintWriter report = new PrintWriter(new EscapingWriter(out));
        CommandLine cli = commandLine(report, err);
        int code = cli.execute(args);
        report.flush();
        return code;
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new PatchpinCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler(Main::handleException);
        cli.setParameterExceptionHandler(Main::handleParameterException);
        cli.setExitCodeExceptionMapper(t -> t instanceof BadInputException ? ExitCode.BAD_INPUT.code() : ExitCode.FAULT.code());
        return cli;
    }

    private static int handleParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        // one line, like every other bad input: picocli's "Error: " prefix adds nothing after "patchpin: "
        String message = e.getMessage().replace('\n', ' ').replaceFirst("^Error: ", "");
        err.println("patchpin: " + message + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        return ExitCode.BAD_INPUT.code();
    }

    private static int handleException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        boolean trace = parsed != null && hasStacktraceFlag(parsed);
        BadInputException bad = findBadInput(e);
        if (bad != null) {
            err.println("patchpin: " + io.patchpin.core.Printable.of(bad.oneLine()));
            if (trace) {
                bad.printStackTrace(err);
            }
            return ExitCode.BAD_INPUT.code();
        }
        if (e instanceof io.patchpin.core.BusyException busy) {
            err.println("patchpin: " + io.patchpin.core.Printable.of(busy.getMessage()));
            return ExitCode.BROKEN.code();
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        err.println("patchpin: internal error: " + io.patchpin.core.Printable.of(message.replace('\n', ' '))
                + (trace ? "" : " (run with --stacktrace for details)"));
        if (trace) {
            e.printStackTrace(err);
        }
        return ExitCode.FAULT.code();
    }

    private static BadInputException findBadInput(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof BadInputException b) {
                return b;
            }
        }
        return null;
    }

    private static boolean hasStacktraceFlag(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--stacktrace")) {
                return true;
            }
        }
        return false;
    }
}
