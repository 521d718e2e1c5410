package io.patchpin.lockexport;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lock export defects: local paths as URLs, no nix hash without a URL, quoted env values, invalid PKGBUILDs. */
class LockExportFormsTest {
    @TempDir
    static Path tmp;

    static TheRockFixture fx;
    static Repo work;
    static Path lockFile;

    @BeforeAll
    static void setUp() throws IOException {
        fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
        Cli.Run run = Cli.ok("lock", "--repo", work.dir());
        lockFile = Files.writeString(tmp.resolve("therock.lock.toml"), run.out());
    }

    static boolean onPath(String name) {
        String path = System.getenv("PATH");
        return path != null
                && Arrays.stream(path.split(File.pathSeparator)).anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }

    static Cli.Run export(String... args) {
        List<String> all = new ArrayList<>(List.of(
                "lock", "export", lockFile.toString(), "--repo", work.dir().toString()));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    @Test
    void aFileCloneRecordsNoLocalPathAsTheSuperprojectUrl() throws IOException {
        String lock = Files.readString(lockFile);
        assertThat(lock)
                .doesNotContain("url = \"" + fx.therock.url() + "\"")
                .doesNotContain(tmp.toString() + "/upstream/TheRock");
    }

    @Test
    void nixHashWithoutAUrlNamesTheSourceAndTakesOneFromUrl() {
        Cli.Run without = export("--format", "nix", "--component", ".");
        assertThat(without.exit()).as(without.err()).isZero();
        assertThat(without.out())
                .contains(
                        "  # . (superproject): no URL in the lock (give one with --url .=URL)\n"
                                + "  superproject = fetchgit {\n    url = throw \"patchpin: no URL for . (superproject) in the lock\";\n")
                .containsPattern("hash = \"sha256-[A-Za-z0-9+/]+=\";");
        Cli.Run with = export("--format", "nix", "--component", ".", "--url", ".=https://github.com/ROCm/TheRock.git");
        assertThat(with.out()).contains("fetchFromGitHub {\n    owner = \"ROCm\";\n    repo = \"TheRock\";");
        assertThat(export("--format", "nix", "--url", "nope=https://x.org/y.git")
                        .exit())
                .isEqualTo(2);
    }

    @Test
    void envValuesReadTheSameByBashAndByAnEnvFile() throws Exception {
        assumeTrue(onPath("bash"), "bash is not installed");
        Cli.Run env = export("--format", "env", "--url", ".=https://github.com/ROCm/TheRock.git");
        assertThat(env.exit()).as(env.err()).isZero();
        assertThat(env.out()).doesNotContain("'").doesNotContain("\"");
        Path file = Files.writeString(tmp.resolve("versions.env"), env.out());
        // docker/podman --env-file: '#' lines are comments, the rest is NAME=VALUE taken literally
        Map<String, String> envFile = new TreeMap<>();
        for (String l : env.out().lines().toList()) {
            if (!l.isBlank() && !l.startsWith("#")) {
                envFile.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1));
            }
        }
        StringBuilder script = new StringBuilder("set -a; . '" + file + "'\n");
        envFile.keySet().forEach(k -> script.append("printf '%s=%s\\n' ")
                .append(k)
                .append(" \"$")
                .append(k)
                .append("\"\n"));
        Process p = new ProcessBuilder("bash", "-c", script.toString())
                .redirectErrorStream(true)
                .start();
        Map<String, String> bash = new TreeMap<>();
        new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .forEach(l -> bash.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        assertThat(p.waitFor()).isZero();
        assertThat(bash).isEqualTo(envFile).containsEntry("THEROCK_URL", "https://github.com/ROCm/TheRock.git");

        Cli.Run quoted = export("--format", "env", "--url", ".=https://example.org/a'b.git");
        assertThat(quoted.exit()).isEqualTo(1);
        assertThat(quoted.err()).contains("A_B_URL not written");
        assertThat(quoted.out()).doesNotContain("A_B_URL");
    }

    @Test
    void pkgbuildWithNothingToPrepareHasNoPrepareAndPatchesGoBesideIt() throws Exception {
        assumeTrue(onPath("bash"), "bash is not installed");
        Path one = tmp.resolve("one/PKGBUILD");
        Cli.Run r = export("--format", "pkgbuild", "--component", TheRockFixture.HALF, "-o", one.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readString(one)).doesNotContain("prepare()");
        assertThat(new ProcessBuilder("bash", "-n", one.toString()).start().waitFor())
                .isZero();

        Path patches = tmp.resolve("patches");
        Files.createDirectories(patches.resolve("TheRock"));
        Files.createDirectories(patches.resolve("rocm-systems"));
        Files.writeString(patches.resolve("TheRock/0001-a.patch"), "--- a/x\n+++ b/x\n");
        Files.writeString(patches.resolve("rocm-systems/0001-a.patch"), "--- a/y\n+++ b/y\n");
        Files.writeString(patches.resolve("rocm-systems/0002-b.patch"), "--- a/z\n+++ b/z\n");
        Path full = tmp.resolve("full/PKGBUILD");
        Cli.Run withPatches = export(
                "--format",
                "pkgbuild",
                "--url",
                ".=https://github.com/ROCm/TheRock.git",
                "--patches",
                patches.toString(),
                "-o",
                full.toString());
        assertThat(withPatches.err()).doesNotContain("not applied");
        String text = Files.readString(full);
        assertThat(text)
                .doesNotContain(patches.toString())
                .contains("  'TheRock-0001-a.patch'\n  'rocm-systems-0001-a.patch'\n" + "  '0002-b.patch'\n")
                .contains("-Np1 -i \"$srcdir/\"'0002-b.patch'");
        assertThat(full.resolveSibling("0002-b.patch")).hasContent("--- a/z\n+++ b/z");
        assertThat(full.resolveSibling("TheRock-0001-a.patch")).exists();
        assertThat(new ProcessBuilder("bash", "-n", full.toString()).start().waitFor())
                .isZero();
        assertThat(export("--format", "pkgbuild", "--patches", patches.toString())
                        .exit())
                .isEqualTo(2);
    }

    @Test
    void rpmSourcesParsedByRpmspecYoctoRevsAndSpackVersions() throws Exception {
        String llvm = TheRockFixture.LLVM;
        Cli.Run rpm = export(
                "--format",
                "rpm",
                "--url",
                ".=https://github.com/ROCm/TheRock.git",
                "--url",
                llvm + "=https://github.com/ROCm/llvm-project.git");
        assertThat(rpm.exit()).isEqualTo(1);
        assertThat(rpm.err()).contains(TheRockFixture.HALF + ": no Source line: not a GitHub URL");
        assertThat(rpm.out())
                .contains("%global commit0 " + fx.therock.head() + "\n"
                        + "Source0: https://github.com/ROCm/TheRock/archive/%{commit0}/TheRock-%{commit0}.tar.gz\n");
        if (onPath("rpmspec")) {
            Path spec = Files.writeString(
                    tmp.resolve("locked.spec"),
                    "Name: locked\nVersion: 1\nRelease: 1\nSummary: s\n" + "License: MIT\n" + rpm.out()
                            + "\n%description\nd\n");
            Process p = new ProcessBuilder("rpmspec", "-P", spec.toString())
                    .redirectErrorStream(true)
                    .start();
            String parsed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(parsed).isZero();
            assertThat(parsed)
                    .contains("Source0: https://github.com/ROCm/TheRock/archive/" + fx.therock.head() + "/TheRock-"
                            + fx.therock.head() + ".tar.gz");
        }
        Cli.Run yocto =
                export("--format", "yocto", "--url", ".=https://github.com/ROCm/TheRock.git", "--component", ".");
        assertThat(yocto.out())
                .contains(
                        "    git://github.com/ROCm/TheRock.git;protocol=https;nobranch=1;name=therock;destsuffix=git \\\n")
                .contains("SRCREV_therock = \"" + fx.therock.head() + "\"\n")
                .contains("SRCREV_FORMAT = \"therock\"\n");
        Cli.Run spack = export("--format", "spack", "--component", llvm);
        assertThat(spack.out()).contains("version(\"locked\", commit=\"" + fx.llvm.head() + "\", git=\"");
    }
}
