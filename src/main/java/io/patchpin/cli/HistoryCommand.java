package io.patchpin.cli;

import io.patchpin.core.Progress;
import io.patchpin.history.History;
import io.patchpin.history.HistoryReport;
import io.patchpin.history.Sampling;
import io.patchpin.report.HistoryHtml;
import io.patchpin.report.HistoryText;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "history",
        description = {
            "Every entry's verdict along the first-parent line from one revision to another, and the commits "
                    + "where it changed (objects only, no checkout).",
            "Exit as verify --rev TO would: 0 all ok, 3 something to review, 1 something broken."
        })
public final class HistoryCommand extends WorkspaceCommand {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Patchset folders, checked in order.")
    List<Path> dirs;

    @Option(
            names = "--from",
            required = true,
            paramLabel = "REV",
            description = "The oldest revision (e.g. the sets' base).")
    String from;

    @Option(
            names = "--to",
            required = true,
            paramLabel = "REV",
            description = "The newest revision; --from must be on its first-parent line.")
    String to;

    @ArgGroup(exclusive = true)
    Sample sample;

    @Mixin
    FormatOption format;

    @Mixin
    Options.Output output;

    static final class Sample {
        @Option(
                names = "--every",
                paramLabel = "N",
                description = "Check every Nth commit, then bisect between samples.")
        Integer every;

        @Option(
                names = "--commits",
                paramLabel = "N",
                description = "Check N evenly spaced commits, then bisect between samples.")
        Integer commits;
    }

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        Sampling sampling = sample == null
                ? Sampling.ALL
                : sample.every != null ? Sampling.every(sample.every) : Sampling.commits(sample.commits);
        HistoryReport report;
        try (Workspace ws = workspace.open();
                Progress p = progress("history")) {
            report = History.run(ws, new History.Request(dirs, from, to, sampling), p::step);
        }
        if (output.file != null) {
            AtomicFiles.write(
                    output.file,
                    out -> {
                        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                        render(f, report, w);
                        w.flush();
                    },
                    workspace.settings().fsync());
            err().println("patchpin: history of " + report.rows().size() + " entries over " + report.checked()
                    + " checked commits written to " + output.file);
        } else {
            try {
                render(f, report, out());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the history report", e);
            }
        }
        return report.exitCode().code();
    }

    /**
     * The report in its format, written out as it is made: the JSON names every entry's verdict at every
     * commit, megabytes over a long line, which held whole (text, then bytes) would set the run's peak memory.
     */
    private static void render(FormatOption.Format f, HistoryReport report, Writer out) throws IOException {
        if (f == FormatOption.Format.JSON) {
            HistoryText.writeJson(report, out);
        } else {
            out.write(f == FormatOption.Format.HTML ? HistoryHtml.render(report) : HistoryText.render(report));
        }
    }
}
