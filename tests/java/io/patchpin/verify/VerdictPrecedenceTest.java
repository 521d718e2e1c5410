package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two defects of verdict precedence found on real histories, each on a
 * real repository checked at a later revision: a look-alike block's edit
 * taken for this one while the anchor is still there (a false ok that rebase
 * would drop), and an upstreamed edit whose neighbours all changed taken for
 * a missing anchor (a false broken).
 */
class VerdictPrecedenceTest {
    private static final String JOBS =
            """
            jobs = [
                {
                    "timeout_minutes": 30,
                    "platform": ["linux"],
                    "name": "build",
                },
                {
                    "timeout_minutes": 60,
                    "platform": ["linux"],
                    "name": "test",
                },
            ]
            """;

    @TempDir
    Path tmp;

    @Test
    void falseAlreadyAppliedWhileTheAnchorIsStillThere() throws IOException {
        Repo repo = Repo.init(tmp.resolve("ws"));
        Path set = longerTimeout(repo);
        // upstream renames the first job: the anchor is still there once, as sealed; the second block looks like the
        // edit
        String rev = repo.write("ci.py", JOBS.replace("\"name\": \"build\"", "\"name\": \"build-all\""))
                .commit("upstream");

        JsonNode entry = verify(repo, set, rev);
        assertThat(entry.path("verdict").asText()).as(entry.toString()).isIn("APPLIES", "DRIFTED");
        assertThat(entry.path("evidence").path("matches_found").asInt()).isEqualTo(1);
        assertThat(entry.path("evidence").path("edited_lines").get(0).asInt()).isEqualTo(3);
    }

    @Test
    void upstreamedEditWithNewNeighboursIsAnchorMissing() throws IOException {
        Repo repo = Repo.init(tmp.resolve("ws"));
        String base = "#!/bin/sh\nset -e\nCC=gcc\nJOBS=1\nCXX=g++\nexport CC\nmake\n";
        repo.write("build.sh", base).commit("base");
        Path set = tmp.resolve("set");
        Cli.ok("new", set, "--repo", repo.dir());
        Entries.rewrite(set, repo.dir(), "build.sh", "JOBS=1", "JOBS=8", "--id", "jobs", "--component", ".");
        // upstream makes exactly that edit and rewrites the two lines above and the two below
        String rev = repo.write("build.sh", "#!/bin/sh\nset -eu\nCC=clang\nJOBS=8\nCXX=clang++\nexport CC CXX\nmake\n")
                .commit("upstream");

        JsonNode entry = verify(repo, set, rev);
        assertThat(entry.path("verdict").asText()).as(entry.toString()).isEqualTo("ALREADY_APPLIED");
        assertThat(entry.path("detail").asText()).contains("line 4").contains("diff since the base");
    }

    @Test
    void anUnmappedLookalikeIsNeverAlreadyApplied() throws IOException {
        Repo repo = Repo.init(tmp.resolve("ws"));
        Path set = longerTimeout(repo);
        // upstream changes the sealed line otherwise: the anchor is gone; the second block still holds a look-alike
        String rev = repo.write("ci.py", JOBS.replace("\"timeout_minutes\": 30", "\"timeout_minutes\": 45"))
                .commit("upstream");

        JsonNode entry = verify(repo, set, rev);
        assertThat(entry.path("verdict").asText()).as(entry.toString()).isNotEqualTo("ALREADY_APPLIED");
        assertThat(entry.path("class").asText()).isNotEqualTo("ok");
    }

    /** {@link #JOBS} committed in {@code repo}, and a set whose entry {@code longer} takes the first job's timeout to 60. */
    private Path longerTimeout(Repo repo) {
        repo.write("ci.py", JOBS).commit("base");
        Path set = tmp.resolve("set");
        Cli.ok("new", set, "--repo", repo.dir());
        Entries.rewrite(
                set,
                repo.dir(),
                "ci.py",
                "\"timeout_minutes\": 30",
                "\"timeout_minutes\": 60",
                "--id",
                "longer",
                "--component",
                ".");
        return set;
    }

    private static JsonNode verify(Repo repo, Path set, String rev) throws IOException {
        Cli.Run run = Cli.run("verify", set, "--repo", repo.dir(), "--rev", rev, "--format", "json");
        return new ObjectMapper()
                .readTree(run.out())
                .path("patchsets")
                .get(0)
                .path("entries")
                .get(0);
    }
}
