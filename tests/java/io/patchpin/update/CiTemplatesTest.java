package io.patchpin.update;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Jvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nightly update templates under packaging/ci/ parse as YAML, are scheduled and run one job per pins
 * file, and every {@code patchpin} command line in them runs, as written, in a checkout laid out as they
 * expect (pins/, patchsets/, a TheRock clone) and writes the pull request's body.
 *
 * <p>Both templates give patchpin the same arguments in copies of the same checkout: patchpin runs once per
 * argument list, and the other template's line gets that run's output, exit code, pins/ and patchsets/ (see
 * {@link #patchpinOncePerArguments}).
 */
class CiTemplatesTest {
    @TempDir
    static Path shared;

    /** The workspace both templates run in, built once: each command line gets its own copy. */
    private static UpdateWorkspace ws;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        ws = UpdateWorkspace.build(shared.resolve("upstream"));
    }

    @Test
    void theGithubWorkflowIsScheduledPerPinsFileAndItsCommandsRun() throws Exception {
        JsonNode w = yaml("packaging/ci/github-patchpin-update.yml");
        assertThat(w.get("on").has("schedule")).isTrue();
        JsonNode job = w.get("jobs").get("update");
        assertThat(job.get("strategy").get("matrix").get("pins")).isNotEmpty();
        List<String> scripts = new ArrayList<>();
        job.get("steps").forEach(s -> {
            if (s.has("run")) {
                scripts.add(s.get("run").asText());
            }
        });
        runPatchpinLines(scripts);
    }

    @Test
    void theGitlabJobIsScheduledPerPinsFileAndItsCommandsRun() throws Exception {
        JsonNode job = yaml("packaging/ci/gitlab-patchpin-update.yml").get("patchpin-update");
        assertThat(job.get("rules").toString()).contains("schedule");
        assertThat(job.get("parallel").get("matrix").get(0).get("PINS")).isNotEmpty();
        List<String> scripts = new ArrayList<>();
        job.get("script").forEach(s -> scripts.add(s.asText()));
        runPatchpinLines(scripts);
    }

    /**
     * Writes {@code file}, a bash {@code patchpin} for the templates' lines: the first call with an argument list
     * runs patchpin in a JVM and keeps its output, exit code, pins/ and patchsets/ in the class's folder; a later
     * call with the same arguments (in another copy of the same checkout) puts those back and gives the same
     * output and exit code. Either template may run first.
     */
    private static Path patchpinOncePerArguments(Path file) throws IOException {
        Path runs = Files.createDirectories(shared.resolve("runs"));
        Path jvm = Jvm.shim(file.resolveSibling("patchpin-jvm"));
        Folders.write(
                file,
                """
                #!/usr/bin/env bash
                shopt -s nullglob
                args=$(printf '%%q ' "$@")
                for run in '%s'/*/; do
                  if [ "$(< "$run/args")" = "$args" ]; then
                    rm -rf pins patchsets && cp -r "$run/pins" "$run/patchsets" .
                    cat "$run/out" && cat "$run/err" >&2
                    exit "$(< "$run/code")"
                  fi
                done
                run=$(mktemp -d '%s'/run-XXXXXX)
                '%s' "$@" > "$run/out" 2> "$run/err"
                code=$?
                cp -r pins patchsets "$run" && echo "$code" > "$run/code" && printf '%%s' "$args" > "$run/args"
                cat "$run/out" && cat "$run/err" >&2
                exit "$code"
                """
                        .formatted(runs, runs, jvm));
        if (!file.toFile().setExecutable(true)) {
            throw new IllegalStateException("cannot make " + file + " executable");
        }
        return file;
    }

    private static JsonNode yaml(String file) throws IOException {
        return new YAMLMapper().readTree(Files.readString(Path.of(file), StandardCharsets.UTF_8));
    }

    /** Runs each line that starts with {@code patchpin} in a fresh checkout; each must move the lock. */
    private void runPatchpinLines(List<String> scripts) throws Exception {
        List<String> lines = scripts.stream()
                .flatMap(String::lines)
                .map(String::strip)
                .filter(l -> l.startsWith("patchpin "))
                .toList();
        assertThat(lines).isNotEmpty();
        Path bin = patchpinOncePerArguments(tmp.resolve("bin/patchpin"));
        for (int i = 0; i < lines.size(); i++) {
            Path checkout = tmp.resolve("checkout-" + i);
            Folders.copy(ws.dir(), checkout.resolve("TheRock"));
            Files.move(checkout.resolve("TheRock/pins"), checkout.resolve("pins"));
            Files.move(checkout.resolve("TheRock/patchsets"), checkout.resolve("patchsets"));
            String lock = Files.readString(checkout.resolve("pins/p.lock.toml"));
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", "code=0; " + lines.get(i) + "; exit $code")
                    .directory(checkout.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("out-" + i).toFile());
            pb.environment().put("PATH", bin.getParent() + ":" + System.getenv("PATH"));
            pb.environment().put("PINS", "p");
            Process p = pb.start();
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
            String out = Files.readString(tmp.resolve("out-" + i));
            assertThat(p.exitValue()).as(lines.get(i) + "\n" + out).isZero();
            assertThat(Files.readString(checkout.resolve("update.md"))).startsWith("## patchpin update");
            assertThat(Files.readString(checkout.resolve("pins/p.lock.toml"))).isNotEqualTo(lock);
        }
    }
}
