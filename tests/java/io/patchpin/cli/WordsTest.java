package io.patchpin.cli;

import static io.patchpin.testkit.TheRockFixture.LLVM;
import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.TheRockFixture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The words users read: hints that use what patchpin knows, and no doubled prefixes. */
class WordsTest {
    @TempDir
    Path tmp;

    @Test
    void importSedHintsNameTheComponentAndFileItKnows() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path script = tmp.resolve("notes.sh");
        Files.writeString(script, "cd TheRock\nsed -i \"s/$X/y/\" ./" + LLVM + "/llvm/cmake/modules/HandleLLVMOptions.cmake\n"
                + "sed -i '/FOO/d' ./ml-libs/CMakeLists.txt\n", StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("import-sed", tmp.resolve("patchsets/mine").toString(), "--repo", bare.toString(), "--script",
                script.toString());

        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.err()).contains("try: patchpin add rewrite DIR --component " + LLVM
                + " --file llvm/cmake/modules/HandleLLVMOptions.cmake --find").contains("--component . --file ml-libs/CMakeLists.txt")
                .doesNotContain("split into component and file");
    }

    @Test
    void rebaseOfAnEntryStillUnsealedSaysSoOnce() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path set = tmp.resolve("patchsets/mine");
        assertThat(Cli.run("new", set.toString(), "--repo", bare.toString()).exit()).isZero();
        assertThat(Cli.run("add", "rewrite", set.toString(), "--repo", bare.toString(), "--component", LLVM, "--file",
                "llvm/cmake/modules/HandleLLVMOptions.cmake", "--find", "_JOBS \"\"", "--replace", "_JOBS \"8\"").exit()).isZero();

        Cli.Run r = Cli.run("rebase", set.toString(), "--repo", bare.toString(), "--onto", "HEAD");

        assertThat(r.out()).contains("still unsealed: commit").doesNotContain("unsealed: unsealed:")
                .doesNotContain("still unsealed: unsealed");
    }
}
