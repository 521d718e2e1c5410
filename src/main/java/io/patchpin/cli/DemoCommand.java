package io.patchpin.cli;

import io.patchpin.demo.DemoStory;
import io.patchpin.demo.ExampleWorkspace;
import io.patchpin.safety.JournalFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Run the whole flow on a generated TheRock-shaped workspace in a temp folder.",
            "Steps: lock, author a patchset, upstream moves, verify, bisect, rebase, lock diff."
        })
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--keep", description = "Keep the generated workspace and print where it is.")
    boolean keep;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path root = Files.createTempDirectory("patchpin-demo-");
        int failures = 0;
        try (ExampleWorkspace ex = ExampleWorkspace.create(root)) {
            Files.writeString(root.resolve("llvm-jobs.patch"), DemoStory.llvmJobsPatch(), StandardCharsets.UTF_8);
            out.println("Generated a TheRock-shaped workspace: TheRock with compiler/amd-llvm and rocm-systems,");
            out.println("which nests rocprofiler-sdk/external/perfetto (three levels).");
            failures += run(out, root, DemoStory.before(root));
            DemoStory.moveUpstream(ex);
            failures += run(out, root, DemoStory.after(root));
        } finally {
            if (!keep) {
                JournalFile.removeTree(root);
            }
        }
        DemoStory.Result result = new DemoStory.Result(failures);
        out.println();
        out.println(
                result.unexpected() == 0
                        ? "demo finished: every step gave the exit code it should."
                        : "demo finished with " + result.unexpected() + " unexpected exit code(s).");
        if (keep) {
            out.println("Kept the workspace in " + root);
        }
        return result.exitCode().code();
    }

    private int run(PrintWriter out, Path root, List<DemoStory.Step> steps) {
        int failures = 0;
        String prefix = root.toString() + "/";
        for (DemoStory.Step step : steps) {
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            int code = Main.run(
                    new PrintWriter(o, true),
                    new PrintWriter(e, true),
                    step.args().toArray(String[]::new));
            out.println();
            out.println("## " + step.title());
            String command = step.args().stream().map(DemoCommand::shellWord).collect(Collectors.joining(" "));
            out.println("$ patchpin " + command.replace(prefix, ""));
            out.print(o.toString().replace(prefix, ""));
            out.print(e.toString().replace(prefix, ""));
            out.println("(exit " + code + ")");
            if (!step.expected().contains(code)) {
                failures++;
                out.println("!! expected exit " + step.expected());
            }
        }
        return failures;
    }

    private static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./:=~@+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
