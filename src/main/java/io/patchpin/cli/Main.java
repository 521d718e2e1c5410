package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.BusyException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OutOfMemoryReading;
import io.patchpin.core.Printable;
import io.patchpin.core.Settings;
import io.patchpin.workspace.GitConfigFiles;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: {@link #run} returns the exit code, only {@link #main} exits. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(run(out, err, args)); // run flushes both when the command returns
    }

    public static int run(PrintWriter out, PrintWriter err, String... args) {
        GitConfigFiles.install(); // before any repository is opened
        PrintWriter report = new PrintWriter(new EscapingWriter(out));
        PrintWriter diagnostics = new PrintWriter(new ShortLinesWriter(err), true);
        int code;
        try {
            Settings settings = Settings.of(System.getProperties());
            code = commandLine(report, diagnostics, verbsFor(args), settings).execute(args);
        } catch (BadInputException e) {
            diagnostics.println("patchpin: " + Printable.of(e.oneLine()));
            code = ExitCode.BAD_INPUT.code();
        } catch (OutOfMemoryError e) {
            code = outOfMemory(diagnostics, e, List.of(args).contains("--stacktrace"));
        }
        report.flush();
        diagnostics.flush();
        return code;
    }

    /** One line: what ran out, the heap's limit, the file being read when known; exit 70. */
    static int outOfMemory(PrintWriter err, OutOfMemoryError e, boolean trace) {
        long max = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        err.println("patchpin: out of memory (" + (e.getMessage() == null ? "Java heap" : e.getMessage()) + ", limit "
                + max + " MB)"
                + (e instanceof OutOfMemoryReading r ? " while processing " + Printable.of(r.file()) : "")
                + ": give Java a larger heap, e.g. PATCHPIN_JAVA_OPTS=-Xmx2g");
        if (trace) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCode.FAULT.code();
    }

    /** The command line with every verb, as help and completion show it. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, PatchpinCommand.VERBS, Settings.DEFAULT);
    }

    /**
     * The verbs a run prints or runs: the one its first word names; none for {@code --version} alone, which
     * prints none; else all of them (help, no verb, a mistyped verb, an argument file), so that usage and "did
     * you mean" read as with every verb.
     */
    static List<Class<?>> verbsFor(String... args) {
        for (String a : args) {
            if (a.startsWith("@")) {
                return PatchpinCommand.VERBS;
            }
            if (!a.startsWith("-")) {
                return PatchpinCommand.VERBS.stream()
                        .filter(verb ->
                                a.equals(verb.getAnnotation(Command.class).name()))
                        .<List<Class<?>>>map(List::of)
                        .findFirst()
                        .orElse(PatchpinCommand.VERBS);
            }
        }
        List<String> options = List.of(args);
        boolean version = options.contains("--version") || options.contains("-V");
        boolean help = options.contains("--help") || options.contains("-h");
        return version && !help ? List.of() : PatchpinCommand.VERBS;
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err, List<Class<?>> verbs, Settings settings) {
        CommandLine cli = new CommandLine(new PatchpinCommand(settings));
        verbs.forEach(cli::addSubcommand);
        // after the verbs: these settings reach the subcommands already added
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        Handlers handlers = new Handlers();
        cli.setExecutionExceptionHandler(handlers);
        cli.setParameterExceptionHandler(handlers);
        cli.setExitCodeExceptionMapper(handlers);
        return cli;
    }

    /** picocli's hooks: exceptions become exit codes and one line on stderr. */
    private static final class Handlers
            implements CommandLine.IExecutionExceptionHandler,
                    CommandLine.IParameterExceptionHandler,
                    CommandLine.IExitCodeExceptionMapper {
        @Override
        public int handleParseException(CommandLine.ParameterException e, String[] args) {
            CommandLine cmd = e.getCommandLine();
            // one line, like every other bad input: picocli's "Error: " prefix adds nothing after "patchpin: "
            String message = e.getMessage().replace('\n', ' ').replaceFirst("^Error: ", "");
            cmd.getErr()
                    .println("patchpin: " + Printable.of(message) + " (see '"
                            + cmd.getCommandSpec().qualifiedName() + " --help')");
            return ExitCode.BAD_INPUT.code();
        }

        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
            PrintWriter err = cmd.getErr();
            boolean trace = parsed != null
                    && Stream.iterate(parsed, Objects::nonNull, CommandLine.ParseResult::subcommand)
                            .anyMatch(p -> p.hasMatchedOption("--stacktrace"));
            Optional<BadInputException> bad = cause(e, BadInputException.class);
            if (bad.isPresent()) {
                err.println("patchpin: " + Printable.of(bad.get().oneLine()));
                if (trace) {
                    bad.get().printStackTrace(err);
                }
                return ExitCode.BAD_INPUT.code();
            }
            Optional<OutOfMemoryError> oom = cause(e, OutOfMemoryError.class);
            if (oom.isPresent()) {
                return outOfMemory(err, oom.get(), trace);
            }
            if (e instanceof BusyException busy) {
                err.println("patchpin: " + Printable.of(busy.getMessage()));
                return ExitCode.BUSY.code();
            }
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            err.println("patchpin: internal error: " + Printable.of(message.replace('\n', ' '))
                    + (trace ? "" : " (run with --stacktrace for details)"));
            if (trace) {
                e.printStackTrace(err);
            }
            return ExitCode.FAULT.code();
        }

        @Override
        public int getExitCode(Throwable t) {
            return t instanceof BadInputException ? ExitCode.BAD_INPUT.code() : ExitCode.FAULT.code();
        }
    }

    private static <T extends Throwable> Optional<T> cause(Throwable t, Class<T> type) {
        return Stream.iterate(t, Objects::nonNull, Throwable::getCause)
                .filter(type::isInstance)
                .map(type::cast)
                .findFirst();
    }
}
