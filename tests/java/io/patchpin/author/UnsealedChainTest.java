package io.patchpin.author;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unsealed entry (its component's objects are not here, as for
 * compiler/amd-llvm on a fresh TheRock clone) does not block the entries after
 * it: entries on other files are sealed against the base replay of what can be
 * replayed; entries on a file an unsealed entry could not be replayed on are
 * written unsealed, with a warning naming that entry.
 */
class UnsealedChainTest {
    static final String BUILD = "cd $HOST/ai/TheRock\n"
            + " sed -i 's/_JOBS \"\"/_JOBS \"8\"/' ./compiler/amd-llvm/llvm/cmake/modules/HandleLLVMOptions.cmake\n"
            + " sed -i 's/AMDGPU;X86/AMDGPU;X86;NVPTX/' ./compiler/pre_hook_amd-llvm.cmake\n";
    /** Seed 000's termio diff as written: plain diff -aur paths, no -p, run from inside sanitizer_common. */
    static final String TERMIO =
            "diff -aur temptes/sanitizer_platform_limits_posix.h bbbbbbbb/sanitizer_platform_limits_posix.h\n"
                    + "--- temptes/sanitizer_platform_limits_posix.h   2025-10-16 00:40:19.094256617 -0500\n"
                    + "+++ bbbbbbbb/sanitizer_platform_limits_posix.h  2025-10-16 00:43:00.723836368 -0500\n"
                    + "@@ -1,4 +1,3 @@\n extern unsigned struct_input_id_sz;\n extern unsigned struct_mtpos_sz;\n"
                    + "-extern unsigned struct_termio_sz;\n extern unsigned struct_vt_consize_sz;\n";

    static final String SUPER = TheRockFixture.LLVM21_DIFF;

    @TempDir
    Path tmp;

    @Test
    void theTutorialStepOnePassesWhereTheCompilerIsNotFetched() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path set = tmp.resolve("patchsets/mine");
        Path build = write("build.sh", BUILD);

        Cli.Run sed = Cli.ok("import-sed", set, "--repo", bare, "--script", build);
        assertThat(sed.err()).contains("build.sh:2: objects of " + LLVM);

        Entries.add(
                "patch",
                set,
                bare,
                write("termio.patch", TERMIO),
                "--component",
                LLVM,
                "--directory",
                "compiler-rt/lib/sanitizer_common",
                "--id",
                "termio");
        PatchEntry t = (PatchEntry) PatchsetStore.read(set).entry("termio").orElseThrow();
        assertThat(t.strip()).as("differ only in their first segment: strip 1").isEqualTo(1);
        assertThat(t.files())
                .as("no rename from a plain diff")
                .containsExactly("compiler-rt/lib/sanitizer_common/sanitizer_platform_limits_posix.h");

        Cli.Run sup = Entries.add("patch", set, bare, write("super.patch", SUPER));
        assertThat(sup.out())
                .as("--component defaults to '.'; its objects are here")
                .contains("sealed)");
        Cli.Run rw = Entries.rewrite(set, bare, "ml-libs/CMakeLists.txt", "gfx950", "gfx950 gfx1103");
        assertThat(rw.out()).contains("sealed)");
        Cli.Run ins = Entries.add(
                "insert",
                set,
                bare,
                "--file",
                "ml-libs/CMakeLists.txt",
                "--after",
                "CMAKE_ARGS",
                "--text",
                "      -DCMAKE_BUILD_PARALLEL_LEVEL=8");
        assertThat(ins.out()).contains("sealed)");

        List<String> sealed = PatchsetStore.read(set).entries().stream()
                .filter(e -> e.seal().isPresent())
                .map(Entry::id)
                .toList();
        assertThat(sealed).hasSize(4).doesNotContain("sed-l2", "termio");
    }

    @Test
    void anEntryOnAFileAnUnsealedEntryCannotBeReplayedOnIsWrittenUnsealedNamingIt() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", bare);
        // an unsealed entry written elsewhere, against a tree where its anchor existed
        Path toml = PatchsetStore.tomlOf(set);
        Files.writeString(
                toml,
                Files.readString(toml, StandardCharsets.UTF_8) + "\n[[entry]]\nid = \"elsewhere\"\n"
                        + "kind = \"rewrite\"\ncomponent = \".\"\nfile = \"compiler/CMakeLists.txt\"\nfind = \"LLVM_VERSION 19\"\n"
                        + "replace = \"LLVM_VERSION 18\"\noccurrence = \"all\"\n",
                StandardCharsets.UTF_8);

        Cli.Run sup = Entries.add("patch", set, bare, write("super.patch", SUPER));
        assertThat(sup.err())
                .contains("warning: entry 'elsewhere' before it is unsealed and cannot be replayed at the base "
                        + "(ANCHOR_MISSING): written unsealed");
        Cli.Run rw = Entries.rewrite(set, bare, "compiler/CMakeLists.txt", "Version", "Versions");
        assertThat(rw.err()).contains("entry 'elsewhere' before it is unsealed");
        Cli.Run other = Entries.tryRewrite(set, bare, "ml-libs/CMakeLists.txt", "gfx950", "gfx950 gfx1103");
        assertThat(other.out()).contains("sealed)").doesNotContain("unsealed");
        assertThat(PatchsetStore.read(set).entries())
                .extracting(e -> e.seal().isPresent())
                .containsExactly(false, false, false, true);
    }

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }
}
