package io.patchpin.lockexport;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static io.patchpin.testkit.TheRockFixture.ZLIB;

import io.patchpin.archive.TestNarAccess;
import io.patchpin.core.Hashes;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockFile;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockWorkTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.Test;

class LockExportTest extends TheRockWorkTest {
    @Test
    void pkgbuildChecksumsAreCGitsAndPrepareWiresEverySubmoduleToItsLocalSource() throws Exception {
        Path lockFile = lock(work);
        Path out = tmp.resolve("PKGBUILD.part");
        export(lockFile, "pkgbuild", "-o", out, "--url", ".=" + fx.therock.url());
        String text = Files.readString(out);
        Lock lock = LockFile.read(lockFile);
        Map<String, Repo> upstream = Map.of(
                ".",
                fx.therock,
                HALF,
                fx.half,
                LLVM,
                fx.llvm,
                SYSTEMS,
                fx.systems,
                PERFETTO,
                fx.perfetto,
                ZLIB,
                fx.zlib);
        List<String> sums = array(text, "sha256sums");
        List<String> sources = array(text, "source");
        assertThat(sources).hasSize(6);
        for (int i = 0; i < lock.components().size(); i++) {
            LockEntry c = lock.components().get(i);
            byte[] tar = archive(upstream.get(c.path()).dir(), c.commit());
            assertThat(sums.get(i)).as(c.path()).isEqualTo(Hashes.sha256(tar));
            assertThat(sources.get(i)).endsWith("#commit=" + c.commit()).contains("::git+file://");
        }
        // play makepkg: clone every source into $srcdir at its commit (in process: makepkg's fetch is not under
        // test), then run prepare(), whose git commands are C git's
        Path srcdir = Files.createDirectories(tmp.resolve("srcdir"));
        for (String s : sources) {
            Matcher m = Pattern.compile("(.+)::git\\+(.+)#commit=(\\w+)").matcher(s);
            assertThat(m.matches()).as(s).isTrue();
            cloneAt(m.group(2), srcdir.resolve(m.group(1)), m.group(3));
        }
        Files.writeString(tmp.resolve("PKGBUILD"), "srcdir='" + srcdir + "'\n" + text + "prepare\n");
        Shell prep = Shell.run(tmp, "bash", tmp.resolve("PKGBUILD").toString());
        assertThat(prep.exit()).as(prep.out()).isZero();
        Path top = srcdir.resolve("TheRock");
        for (LockEntry c : lock.components()) {
            assertThat(Repo.at(top.resolve(c.path())).head()).as(c.path()).isEqualTo(c.commit());
        }
    }

    @Test
    void nixHashesEqualAnIndependentNarOfTheCheckoutAndWithSubmodulesOfTheRecursiveClone() throws Exception {
        Path lockFile = lock(work);
        SortedMap<String, String> before = gitFiles(work.dir());
        Cli.Run plain = Cli.ok(
                "lock", "export", lockFile, "--repo", work.dir(), "--format", "nix", "--url", ".=" + fx.therock.url());
        assertThat(plain.out())
                .contains("{ fetchFromGitHub, fetchgit }:")
                .contains("TheRock = fetchgit {")
                .contains("base_half = fetchgit {")
                .contains("rev = \"" + fx.half.head() + "\";");
        Path half = checkout(fx.half, "half-checkout");
        assertThat(hashOf(plain.out(), "base_half")).isEqualTo(sri(TestNarAccess.of(half)));

        Cli.Run subs = export(
                lockFile,
                "nix",
                "--nix-submodules",
                "--component",
                ".",
                "--component",
                SYSTEMS,
                "--url",
                ".=" + fx.therock.url());
        assertThat(subs.out()).contains("fetchSubmodules = true;").doesNotContain("base_half");
        Path all = withoutGit(fx.cloneWorkTree("recursive").dir());
        assertThat(hashOf(subs.out(), "TheRock")).isEqualTo(sri(TestNarAccess.of(all)));
        export(lockFile, "pkgbuild", "--url", ".=" + fx.therock.url());
        assertThat(gitFiles(work.dir()))
                .as("nothing written into any git directory")
                .isEqualTo(before);
    }

    /** path -> size and modification time of every file below every .git of the work tree. */
    private static SortedMap<String, String> gitFiles(Path workTree) throws IOException {
        SortedMap<String, String> out = new TreeMap<>();
        try (var all = Files.walk(workTree)) {
            for (Path p : all.filter(p -> p.toString().contains("/.git"))
                    .filter(Files::isRegularFile)
                    .toList()) {
                out.put(
                        workTree.relativize(p).toString(),
                        Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return out;
    }

    @Test
    void missingObjectsLeaveThoseSourcesOutNamedAndExitOneWhileObjectFreeFormatsNeedNothing() throws Exception {
        Path lockFile = lock(work);
        Path bare = fx.bareSuperproject("bare.git");
        Path out = tmp.resolve("pins.nix");
        Cli.Run nix = Cli.run(
                "lock",
                "export",
                lockFile,
                "--repo",
                bare,
                "--format",
                "nix",
                "-o",
                out,
                "--url",
                ".=" + fx.therock.url());
        assertThat(nix.exit()).isEqualTo(1);
        assertThat(nix.err())
                .contains(LLVM + ": no hash: commit " + fx.llvm.head() + " is in no local object database");
        assertThat(Files.readString(out)).contains("TheRock = fetchgit {").contains("# compiler_amd-llvm (" + LLVM);

        Cli.Run env = Cli.ok("lock", "export", lockFile, "--format", "env", "--url", ".=" + fx.therock.url());
        assertThat(env.out())
                .contains("BASE_HALF_COMMIT=" + fx.half.head() + "\n")
                .contains("BASE_HALF_REF=rocm\n")
                .contains("THEROCK_COMMIT=" + fx.therock.head() + "\n");
        Path envFile = Files.writeString(tmp.resolve("versions.env"), env.out());
        Shell sourced = Shell.run(
                tmp,
                "sh",
                "-c",
                ". '" + envFile + "' && echo \"$ROCM_SYSTEMS_PROJECTS_ROCPROFILER_SDK_EXTERNAL_PERFETTO_COMMIT\"");
        assertThat(sourced.out().trim()).isEqualTo(fx.perfetto.head());

        Cli.Run labels = Cli.ok("lock", "export", lockFile, "--format", "oci-labels", "--url", ".=" + fx.therock.url());
        assertThat(labels.out().lines().toList())
                .startsWith(
                        "--label org.opencontainers.image.revision=" + fx.therock.head(),
                        "--label org.opencontainers.image.source=" + fx.therock.url())
                .contains("--label io.patchpin." + ZLIB + "=" + fx.zlib.head());
        Cli.Run docker = Cli.run(
                "lock", "export", lockFile, "--format", "oci-labels-dockerfile", "--url", ".=" + fx.therock.url());
        assertThat(docker.out())
                .startsWith("LABEL \"org.opencontainers.image.revision\"=\"" + fx.therock.head() + "\" \\\n");
        assertThat(Cli.run("lock", "export", lockFile, "--format", "env", "--url", ".=" + fx.therock.url())
                        .out())
                .isEqualTo(env.out());
    }

    @Test
    void unknownComponentOrFormatIsBadInput() throws Exception {
        Path lockFile = lock(work);
        Path out = tmp.resolve("never");
        Cli.Run run = Cli.run("lock", "export", lockFile, "--format", "env", "--component", "nope", "-o", out);
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin:")
                .contains("nope");
        assertThat(out).doesNotExist();
        assertThat(Cli.run("lock", "export", lockFile, "--format", "bogus").exit())
                .isEqualTo(2);
    }

    /** A shell run with git's configuration isolated (no system or global file), output and errors together. */
    private record Shell(int exit, String out) {
        static Shell run(Path dir, String... cmd) throws Exception {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            pb.environment().keySet().removeIf(k -> k.startsWith("GIT_"));
            pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
            pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
            pb.environment().put("HOME", dir.toString());
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Shell(p.waitFor(), out);
        }
    }

    private Path lock(Repo work) throws IOException {
        Cli.Run run = Cli.ok("lock", "--repo", work.dir());
        return Files.writeString(tmp.resolve("therock.lock.toml"), run.out());
    }

    private Path checkout(Repo upstream, String name) throws IOException {
        Path dir = tmp.resolve(name);
        Git.run(tmp, "clone", "-q", upstream.url(), dir.toString());
        return withoutGit(dir);
    }

    /** Deletes every .git below {@code dir}, as a checkout nix hashes holds none; gives {@code dir}. */
    private static Path withoutGit(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p :
                    s.filter(p -> p.getFileName().toString().equals(".git")).toList()) {
                Folders.delete(p);
            }
        }
        return dir;
    }

    /** A clone of {@code url} at {@code dir}, its work tree at {@code commit} (detached), made with JGit. */
    private static void cloneAt(String url, Path dir, String commit) throws GitAPIException {
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.cloneRepository()
                .setURI(url)
                .setDirectory(dir.toFile())
                .setNoCheckout(true)
                .call()) {
            git.checkout().setName(commit).call();
        }
    }

    private static String hashOf(String nix, String attr) {
        Matcher m = Pattern.compile("(?s)\\n  " + Pattern.quote(attr) + " = fetch\\w+ \\{.*?hash = \"([^\"]+)\";")
                .matcher(nix);
        assertThat(m.find()).as(attr + " in\n" + nix).isTrue();
        return m.group(1);
    }

    private static String sri(byte[] nar) throws Exception {
        return "sha256-"
                + Base64.getEncoder()
                        .encodeToString(MessageDigest.getInstance("SHA-256").digest(nar));
    }

    private static List<String> array(String text, String name) {
        Matcher m = Pattern.compile("(?s)\\n" + name + "=\\(\\n(.*?)\\n\\)").matcher(text);
        assertThat(m.find()).as(name).isTrue();
        return m.group(1).lines().map(l -> l.trim().replaceAll("^'|'$", "")).toList();
    }

    private static byte[] archive(Path repo, String commit) throws Exception {
        Process p = new ProcessBuilder("git", "-c", "core.abbrev=no", "archive", "--format", "tar", commit)
                .directory(repo.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertThat(p.waitFor()).isZero();
        return out.toByteArray();
    }

    /** {@code patchpin lock export LOCK --repo WORK --format FORMAT} and {@code more}, which must succeed. */
    private Cli.Run export(Path lock, String format, Object... more) {
        List<Object> args = new ArrayList<>(List.of("lock", "export", lock, "--repo", work.dir(), "--format", format));
        args.addAll(List.of(more));
        return Cli.ok(args.toArray());
    }
}
