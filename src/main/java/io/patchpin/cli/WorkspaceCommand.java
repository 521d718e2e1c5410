package io.patchpin.cli;

import io.patchpin.core.Progress;
import io.patchpin.safety.AtomicFiles;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A verb that opens the workspace ({@code --repo}, {@code --mirror-dir}): picocli reads the annotated fields and
 * the {@code @Command} attributes of this class for each subclass, as JGit's {@code TextBuiltin} serves its verbs.
 * The report goes to stdout, diagnostics and progress to stderr, both picocli's writers.
 */
@Command(mixinStandardHelpOptions = true)
abstract class WorkspaceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    Progress progress(String what) {
        return Progress.start(err(), what);
    }

    /** Writes {@code bytes} to {@code output}, or prints them on stdout when there is none. */
    void write(Path output, byte[] bytes) {
        if (output != null) {
            AtomicFiles.write(output, bytes, workspace.settings().fsync());
        } else {
            out().print(new String(bytes, StandardCharsets.UTF_8));
            out().flush();
        }
    }

    void print(String report) {
        out().print(report);
        out().flush();
    }
}
