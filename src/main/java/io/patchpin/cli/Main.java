package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.workspace.GitConfigFiles;
import io.patchpin.workspace.JGitShutdown;

import picocli.CommandLine;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Entry point: {@link #run} returns the exit code, only {@link #main} exits. */
public final class Main {
    private static final String SLF4J_PROVIDER = "slf4j.provider";
    private static final String SLF4J_VERBOSITY = "slf4j.internal.verbosity";

    /** Whether this run set JGit up ({@link GitConfigFiles#install}), and so has its exit hook. */
    private static boolean gitReady;

    private Main() {
    }

    public static void main(String[] args) {
        Preload.startFor(Invoked.of(args), args); // in main only: in-process runs (tests) start no thread
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        if (gitReady) {
            JGitShutdown.finished(); // only then: a bare --version does not load the class
        }
        System.exit(code);
    }

    /** Runs patchpin with the given writers and returns its exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        Invoked invoked = Invoked.of(args);
        if (invoked.mode() == Invoked.Mode.NONE) {
            // a bare --version: the bytes picocli would print, without building picocli's model for them
            for (String line : new VersionProvider().getVersion()) {
                out.println(line);
            }
            out.flush();
            return ExitCode.OK.code();
        }
        // JGit's first class sets up its logger: named, slf4j's provider (the no-op one in the jar) is not
        // looked for with a ServiceLoader over the class path and the JDK's modules (ten milliseconds cold);
        // slf4j then says which it loaded, a line for its own verbosity of INFO, so that is raised to WARN
        if (System.getProperty(SLF4J_PROVIDER) == null) {
            System.setProperty(SLF4J_PROVIDER, "org.slf4j.nop.NOPServiceProvider");
            if (System.getProperty(SLF4J_VERBOSITY) == null) {
                System.setProperty(SLF4J_VERBOSITY, "WARN");
            }
        }
        GitConfigFiles.install(); // before any repository is opened
        gitReady = true;
        PrintWriter report = new PrintWriter(new EscapingWriter(out));
        int code;
        try {
            code = commandLine(report, err, invoked).execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(err, e, List.of(args).contains("--stacktrace"));
        }
        report.flush();
        return code;
    }

    /** One line: what ran out, the heap's limit, the file being processed when known; exit 70. */
    static int outOfMemory(PrintWriter err, OutOfMemoryError e, boolean trace) {
        long max = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        err.println("patchpin: out of memory (" + (e.getMessage() == null ? "Java heap" : e.getMessage()) + ", limit "
                + max + " MB)" + io.patchpin.core.CurrentFile.last().map(f -> " while processing "
                        + io.patchpin.core.Printable.of(f)).orElse("")
                + ": give Java a larger heap, e.g. PATCHPIN_JAVA_OPTS=-Xmx2g");
        if (trace) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCode.FAULT.code();
    }

    /** The command line with every verb, as help and completion show it. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, Invoked.ALL);
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err, Invoked invoked) {
        CommandLine cli = new CommandLine(new PatchpinCommand());
        for (Class<?> verb : invoked.select(PatchpinCommand.subcommands())) {
            cli.addSubcommand(verb);
        }
        // after the verbs: these settings reach only the subcommands already added
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        Handlers handlers = new Handlers();
        cli.setExecutionExceptionHandler(handlers);
        cli.setParameterExceptionHandler(handlers);
        cli.setExitCodeExceptionMapper(handlers);
        return cli;
    }

    /** picocli's hooks as one class rather than lambdas, whose first use costs a cold JVM tens of milliseconds. */
    private static final class Handlers implements CommandLine.IExecutionExceptionHandler,
            CommandLine.IParameterExceptionHandler, CommandLine.IExitCodeExceptionMapper {
        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
            return handleException(e, cmd, parsed);
        }

        @Override
        public int handleParseException(CommandLine.ParameterException e, String[] args) {
            return handleParameterException(e, args);
        }

        @Override
        public int getExitCode(Throwable t) {
            return t instanceof BadInputException ? ExitCode.BAD_INPUT.code() : ExitCode.FAULT.code();
        }
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
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError oom) {
                return outOfMemory(err, oom, trace);
            }
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
