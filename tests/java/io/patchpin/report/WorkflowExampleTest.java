package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Jvm;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the {@code run:} steps of the README's GitHub Actions workflow, in
 * order, the way a runner does ({@code bash -e}), in a checkout holding
 * patchsets and a TheRock clone whose origin/main broke an entry, with
 * {@code GITHUB_STEP_SUMMARY} set. {@code bin/patchpin} there runs this
 * build's classes.
 */
class WorkflowExampleTest {
    static final String FENCE = "```yaml .github/workflows/patchpin.yml\n";

    @TempDir
    Path tmp;

    static JsonNode workflow() throws IOException {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf(FENCE);
        assertThat(start).as("the README's workflow block").isNotNegative();
        start += FENCE.length();
        return new YAMLMapper().readTree(readme.substring(start, readme.indexOf("```", start)));
    }

    @Test
    void theReadmeWorkflowAnnotatesTheBrokenEntryAndWritesTheSummary() throws IOException {
        List<String> runs = new ArrayList<>();
        for (JsonNode step : workflow().get("jobs").get("verify").get("steps")) {
            if (step.has("run")) {
                runs.add(step.get("run").asText());
            }
        }
        assertThat(runs).hasSize(2);
        assertThat(runs.get(1)).contains("--format github");

        TheRockFixture fx = TheRockFixture.create(tmp);
        Path checkout = tmp.resolve("checkout");
        String repo = fx.cloneWorkTree("checkout/TheRock").dir().toString();
        Path set = checkout.resolve("patchsets/gfx1103");
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(
                set, repo, "compiler/pre_hook_amd-llvm.cmake", "AMDGPU;X86", "AMDGPU;X86;NVPTX", "--id", "nvptx");
        fx.therock
                .write("compiler/pre_hook_amd-llvm.cmake", "set(LLVM_TARGETS_TO_BUILD \"all\" CACHE STRING \"\")\n")
                .commit("build every target");
        fetchOrigin(checkout.resolve("TheRock"));
        Jvm.shim(checkout.resolve("bin/patchpin"));
        Path summary = tmp.resolve("step_summary.md");
        Files.writeString(summary, "earlier step\n");

        Run sarif = bash(checkout, summary, runs.get(0));
        assertThat(sarif.exit()).as(sarif.out()).isZero();
        JsonNode results = new ObjectMapper()
                .readTree(checkout.resolve("patchpin.sarif").toFile())
                .get("runs")
                .get(0)
                .get("results");
        assertThat(results).hasSize(1);

        Run gate = bash(checkout, summary, runs.get(1));
        assertThat(gate.exit()).as(gate.out()).isEqualTo(1);
        int line = Files.readAllLines(set.resolve("patchset.toml")).indexOf("[[entry]]") + 1;
        assertThat(gate.out())
                .startsWith(
                        "::error file=patchsets/gfx1103/patchset.toml,line=" + line + ",title=ANCHOR_MISSING nvptx::");
        assertThat(Files.readString(summary))
                .startsWith("earlier step\n### patchpin verify at `")
                .contains("\n1 broken, 0 to review, 0 ok\n")
                .contains("| ANCHOR_MISSING | gfx1103 | nvptx | . | patchsets/gfx1103/patchset.toml:" + line + " | ");
    }

    record Run(int exit, String out) {}

    /** git fetch origin, in process: only what origin/main then names is under test. */
    private static void fetchOrigin(Path repo) throws IOException {
        try (Git git = Git.open(repo.toFile())) {
            git.fetch().setRemote("origin").call();
        } catch (GitAPIException e) {
            throw new IllegalStateException("fetch in " + repo + ": " + e.getMessage(), e);
        }
    }

    static Run bash(Path dir, Path summary, String script) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", script)
                .directory(dir.toFile())
                .redirectErrorStream(true);
        pb.environment().put("GITHUB_STEP_SUMMARY", summary.toString());
        pb.environment().put("GITHUB_ACTIONS", "true");
        pb.environment().remove("THEROCK_GIT_MIRROR_DIR");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            return new Run(p.waitFor(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
