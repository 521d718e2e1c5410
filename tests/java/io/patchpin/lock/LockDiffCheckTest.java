package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static io.patchpin.testkit.TheRockFixture.ZLIB;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockWorkTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LockDiffCheckTest extends TheRockWorkTest {
    @Test
    void diffNamesMovesWithHistoryAndUrlChanges() throws Exception {
        Path old = lock(work, "old.lock.toml");
        String oldHalf = fx.half.head();
        fx.half.write("include/half.hpp", "#define HALF_VERSION 3\n").commit("half 3");
        String newHalf =
                fx.half.write("include/half.hpp", "#define HALF_VERSION 4\n").commit("half 4");
        work.bumpSubmodule(HALF, newHalf);
        work.git("config", "-f", ".gitmodules", "submodule." + LLVM + ".url", "https://example.org/llvm.git");
        work.commit("bump half, move llvm");
        Path now = lock(work, "new.lock.toml");

        Cli.ok("lock", "diff", old, old);
        Cli.Run plain = Cli.run("lock", "diff", old, now);
        assertThat(plain.exit()).isEqualTo(1);
        assertThat(plain.out())
                .contains("moved     " + HALF + "  " + oldHalf.substring(0, 12) + " -> " + newHalf.substring(0, 12)
                        + "  (history unknown")
                .contains("url       " + LLVM);

        Cli.Run withRepo = Cli.run("lock", "diff", "--repo", work.dir(), "--log", "1", "--format", "json", old, now);
        assertThat(withRepo.exit()).as(withRepo.err()).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(withRepo.out());
        JsonNode move = json.get("moved").get(1); // after the superproject "."
        assertThat(json.get("moved").get(0).get("path").asText()).isEqualTo(".");
        assertThat(json.get("same").asBoolean()).isFalse();
        assertThat(move.get("path").asText()).isEqualTo(HALF);
        assertThat(move.get("ahead").asInt()).isEqualTo(2);
        assertThat(move.get("behind").asInt()).isZero();
        assertThat(move.get("log")).hasSize(1);
        assertThat(move.get("log").get(0).asText()).endsWith(" half 4");
        assertThat(json.get("moved")).hasSize(2); // the superproject moved too
        assertThat(json.get("changed").get(0).get("new").asText()).isEqualTo("https://example.org/llvm.git");
    }

    @Test
    void checkNamesWrongCommitDirtyAndUninitialised() {
        Path lock = lock(work, "l.lock.toml");
        Cli.ok("lock", "check", "--repo", work.dir(), lock);

        fx.half.write("include/half.hpp", "#define HALF_VERSION 3\n").commit("half 3");
        Repo.at(work.dir().resolve(HALF)).git("pull", "-q", "origin", "main");
        work.write(LLVM + "/llvm/cmake/modules/HandleLLVMOptions.cmake", "edited\n");
        work.git("submodule", "deinit", "-q", "-f", SYSTEMS);
        Cli.Run run = Cli.run("lock", "check", "--repo", work.dir(), lock);
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out())
                .contains("wrong-commit " + HALF)
                .contains("dirty     " + LLVM)
                .contains("llvm/cmake/modules/HandleLLVMOptions.cmake")
                .contains("uninitialised " + SYSTEMS)
                .contains("uninitialised " + PERFETTO)
                .contains("uninitialised " + ZLIB)
                .contains("5 finding(s) in 6 components");
    }

    private Path lock(Repo work, String name) {
        Path out = tmp.resolve(name);
        Cli.ok("lock", "--repo", work.dir(), "-o", out);
        return out;
    }
}
