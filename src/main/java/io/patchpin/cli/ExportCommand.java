package io.patchpin.cli;

import io.patchpin.patch.ExportPatches;
import io.patchpin.workspace.Workspace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code export DIR --format therock|quilt -o OUT}. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export a patchset as TheRock's patches/<tag> layout (git am mails) or quilt series.")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder.")
    Path dir;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "therock or quilt.")
    ExportPatches.Format format;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "Output folder.")
    Path out;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open()) {
            ExportPatches.Result r = ExportPatches.run(ws, dir, format, out);
            for (String f : r.written()) {
                spec.commandLine().getOut().println(out.resolve(f));
            }
            for (String s : r.skipped()) {
                spec.commandLine().getErr().println("patchpin: not exported: " + s);
            }
            return r.skipped().isEmpty() ? 0 : io.patchpin.core.ExitCode.REVIEW.code();
        }
    }
}
