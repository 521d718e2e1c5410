package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * import-sed on a script modeled on the gfx1103 notes: the converted entries,
 * applied by patchpin, must leave the work tree byte for byte as GNU sed
 * running the same lines does.
 */
class ImportSedTest {
    static final List<String> CONVERTIBLE = List.of(
            " sed -i 's/_JOBS \"\"/_JOBS \"8\"/' ./compiler/amd-llvm/llvm/cmake/modules/HandleLLVMOptions.cmake",
            " sed -i 's/# Version configuration/-DLLVM_PARALLEL_COMPILE_JOBS=8 -DLLVM_PARALLEL_LINK_JOBS=8/'  ./compiler/CMakeLists.txt;",
            " sed -i 's/AMDGPU;X86/AMDGPU;X86;NVPTX/' ./compiler/pre_hook_amd-llvm.cmake",
            " sed -i 's/AMDGPU_ARCH/AMDGPU_ARCH\\nOFFLOAD_ARCH/' ./compiler/pre_hook_amd-llvm.cmake",
            " sed -i 's/gfx908 gfx90a gfx942 gfx950.*/gfx908 gfx90a gfx942 gfx950 gfx1103\\)/' ./ml-libs/CMakeLists.txt",
            " sed -i 's/CMAKE_ARGS/CMAKE_ARGS\\n      -DCMAKE_BUILD_PARALLEL_LEVEL=8/' ./ml-libs/CMakeLists.txt",
            " pushd compiler/amd-llvm/compiler-rt/lib",
            "   sed -z -i 's@struct_@struct_x_@3' ./sanitizer_common/sanitizer_platform_limits_posix.h",
            "   sed -i 's@unsigned \\(struct_[a-z]*\\)_sz@unsigned \\1_size /* & */@' sanitizer_common/sanitizer_platform_limits_posix.h",
            " popd",
            " sed -i 's/set(\\(\\w*\\)/set(\\1 /;s/x/y/' ./nowhere.txt 2>/dev/null || true");

    static final List<String> UNCONVERTIBLE = List.of(
            " sed -i \"$(echo $(grep -n \"cxx_std_20\" ./rocm-libraries/shared/rocroller/CMakeLists.txt  | cut -f1 -d:)\"+1\"|bc) i \\",
            "   target_include_directories(rocroller PUBLIC inc)\" \\",
            "   ./rocm-libraries/shared/rocroller/CMakeLists.txt",
            "   sed -i '/export CFLAGS/d' PKGBUILD-aocl-libflame PKGBUILD-aocl-blis",
            "  sed -i 's/^# ALL ALL=/ ALL ALL=/' /etc/sudoers ;",
            "  fd -t f 'Fix-find' | xargs sed -i 's/a/b/'");

    @TempDir
    Path tmp;

    @Test
    void importedEntriesDoWhatSedDoes() throws Exception {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        Repo bySed = fx.cloneWorkTree("by-sed");
        List<String> convertible = CONVERTIBLE.subList(0, CONVERTIBLE.size() - 1);
        Path script = tmp.resolve("notes.sh");
        Files.writeString(
                script,
                "# build notes\n" + String.join("\n", convertible) + "\n" + String.join("\n", UNCONVERTIBLE) + "\n");
        String dir = tmp.resolve("patchsets/gfx1103").toString();

        Cli.Run r = Cli.run("import-sed", dir, "--repo", work.dir(), "--script", script);
        assertThat(r.exit()).as(r.err()).isEqualTo(3);
        assertThat(r.out()).contains("8 rewrite(s) imported").contains("4 line(s) skipped");
        assertThat(r.err())
                .contains("notes.sh:12: not converted: script computed by the shell")
                .contains("try: patchpin add insert DIR")
                .contains("PKGBUILD-aocl-libflame' is not in the workspace at the base")
                .contains("/etc/sudoers' is outside the workspace")
                .contains("not converted: sed run through 'xargs'");
        String toml = Files.readString(Path.of(dir, "patchset.toml"));
        assertThat(toml).contains("component = \"compiler/amd-llvm\"").contains("occurrence = 3");

        Path sh = tmp.resolve("convertible.sh");
        Files.writeString(sh, String.join("\n", convertible) + "\n");
        // output captured, not inherited: a child writing to the test JVM's stdout corrupts surefire's channel
        Path log = tmp.resolve("convertible.log");
        Process p = new ProcessBuilder("bash", sh.toString())
                .directory(bySed.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertThat(p.waitFor()).as(() -> read(log)).isZero();

        Cli.ok("apply", dir, "--repo", work.dir());
        for (String f : List.of(
                "compiler/CMakeLists.txt",
                "compiler/pre_hook_amd-llvm.cmake",
                "ml-libs/CMakeLists.txt",
                "compiler/amd-llvm/llvm/cmake/modules/HandleLLVMOptions.cmake",
                "compiler/amd-llvm/compiler-rt/lib/sanitizer_common/sanitizer_platform_limits_posix.h")) {
            assertThat(work.read(f)).as(f).isEqualTo(bySed.read(f));
        }
        assertThat(Cli.run("verify", dir, "--repo", work.dir()).out()).contains("8 ok");
    }

    @Test
    void aLineThatCannotBeSealedMeansNothingWritten() throws Exception {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        Path script = tmp.resolve("notes.sh");
        Files.writeString(
                script,
                CONVERTIBLE.get(2)
                        + "\n sed -i 's/commit_hipify(args)/# commit_hipify(args)/' ./compiler/CMakeLists.txt\n");
        String dir = tmp.resolve("patchsets/x").toString();
        Cli.Run r = Cli.run("import-sed", dir, "--repo", work.dir(), "--script", script);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("notes.sh:2: cannot seal").contains("nothing written");
        assertThat(Path.of(dir)).doesNotExist();
    }

    @Test
    void notesWrittenElsewhereEnterTheWorkspaceByFolderNameAndSkipFilesOutsideIt() throws Exception {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("TheRock.git");
        Path script = tmp.resolve("notes.sh");
        Files.writeString(
                script,
                String.join(
                                "\n",
                                "cd $HOST/ai/TheRock;",
                                " sed -i 's/AMDGPU;X86/AMDGPU;X86;NVPTX/' ./compiler/pre_hook_amd-llvm.cmake",
                                " sed -i 's/_JOBS \"\"/_JOBS \"8\"/' ./compiler/amd-llvm/llvm/cmake/modules/HandleLLVMOptions.cmake",
                                " pushd ./external-builds/pytorch",
                                "  sed -i 's@NAMES blis PATHS@NAMES blis-mt PATHS@' ./pytorch/cmake/Modules/FindBLIS.cmake",
                                " popd")
                        + "\n");
        String dir = tmp.resolve("patchsets/notes").toString();

        Cli.Run r = Cli.run("import-sed", dir, "--repo", bare, "--script", script);

        assertThat(r.exit()).as(r.err()).isEqualTo(3);
        assertThat(r.out())
                .contains("imported sed-l2 (.: compiler/pre_hook_amd-llvm.cmake)")
                .contains("imported sed-l3 (compiler/amd-llvm: llvm/cmake/modules/HandleLLVMOptions.cmake)")
                .contains("2 rewrite(s) imported");
        assertThat(r.err())
                .contains("notes.sh:3: objects of compiler/amd-llvm")
                .contains("written unsealed")
                .contains("notes.sh:5: not converted: 'external-builds/pytorch/pytorch/cmake/Modules/FindBLIS.cmake'"
                        + " is not in the workspace at the base");
        Cli.Run v = Cli.run("verify", dir, "--repo", bare, "--rev", "HEAD");
        assertThat(v.out()).containsPattern("EXACT +sed-l2").containsPattern("OBJECTS_MISSING +sed-l3");
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    @Test
    void aRevisionThatDoesNotExistIsRefusedEvenForASetThatHasItsBase() throws Exception {
        Path root = tmp.resolve("ws");
        SmallRepo.commit(root, Map.of("build.sh", "cmake -DA=1\n"));
        Path set = tmp.resolve("set");
        Cli.ok("new", set, "--repo", root);
        Path script = tmp.resolve("s.sh");
        Files.writeString(script, "sed -i 's/A=1/A=2/' build.sh\n", StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("import-sed", set, "--repo", root, "--rev", "no-such-ref", "--script", script);

        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: --rev: unknown revision 'no-such-ref'");
        assertThat(PatchsetStore.read(set).entries()).isEmpty();
    }
}
