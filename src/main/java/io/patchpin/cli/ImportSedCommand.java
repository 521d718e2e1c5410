package io.patchpin.cli;

import io.patchpin.core.Printable;
import io.patchpin.patchset.Entry;
import io.patchpin.safety.WriteLock;
import io.patchpin.sed.SedImport;
import io.patchpin.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "import-sed",
        description = {
            "Turn the in-place sed substitutions of a shell script into sealed rewrites.",
            "Lines that cannot be converted are listed on stderr with a suggested 'patchpin add' command.",
            "Exit 0 all converted, 3 some lines skipped, 2 a line could not be sealed (nothing written)."
        })
public final class ImportSedCommand extends WorkspaceCommand {
    @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder (created at --rev when missing).")
    Path dir;

    @Option(
            names = "--script",
            paramLabel = "FILE",
            required = true,
            description = "Shell script or notes with sed -i lines.")
    Path script;

    @Mixin
    Options.Rev base;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open();
                WriteLock busy = workspace.lock(dir, "import-sed")) {
            SedImport.Result r = SedImport.run(ws, new SedImport.Request(dir, script, base.orHead()));
            PrintWriter out = out();
            PrintWriter err = err();
            String name = script.getFileName().toString();
            if (!r.failed().isEmpty()) {
                // bad input: one line per line that cannot be sealed, the last saying nothing was written;
                // lines that would merely be skipped are not worth mentioning until the import can run
                for (int i = 0; i < r.failed().size(); i++) {
                    SedImport.Problem p = r.failed().get(i);
                    boolean last = i == r.failed().size() - 1;
                    err.println("patchpin: " + name + ":" + p.line() + ": cannot seal: " + Printable.of(p.reason())
                            + (last ? "; nothing written" : ""));
                }
                return r.exitCode().code();
            }
            for (SedImport.Problem p : r.skipped()) {
                err.println("patchpin: " + name + ":" + p.line() + ": not converted: " + Printable.of(p.reason()));
                err.println("    " + Printable.of(p.text()));
                err.println("    try: " + Printable.of(p.suggestion()));
            }
            for (SedImport.Problem p : r.unsealed()) {
                err.println("patchpin: warning: " + name + ":" + p.line() + ": " + Printable.of(p.reason()));
            }
            for (Entry e : r.imported()) {
                out.println("imported " + e.id() + " (" + e.component() + ": " + String.join(",", e.files()) + ")");
            }
            out.println(r.imported().size() + " rewrite(s) imported into " + dir + ", "
                    + r.skipped().size() + " line(s) skipped");
            return r.exitCode().code();
        }
    }
}
