package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input contract, command by command: exit 2, exactly one stderr line
 * starting {@code patchpin: } that names the file (and line) or option at
 * fault, nothing on stdout, nothing written anywhere.
 */
class BadInputContractTest {
    @TempDir
    static Path tmp;

    static Path repo;

    @BeforeAll
    static void workspace() throws IOException {
        TheRockFixture fixture = TheRockFixture.create(tmp);
        repo = fixture.cloneWorkTree("work").dir();
        Path bare = fixture.bareSuperproject("bare.git");
        assertThat(bare).isDirectory();
        ok("new", "sets/good", "--repo", repo.toString());
        Entries.rewrite(
                tmp.resolve("sets/good"),
                repo,
                "compiler/pre_hook_amd-llvm.cmake",
                "AMDGPU;X86",
                "AMDGPU;X86;NVPTX",
                "--id",
                "nvptx");
        ok("lock", "--repo", repo.toString(), "-o", "pins/good.lock.toml");
        Files.createDirectories(tmp.resolve("folder"));
        Files.createDirectories(tmp.resolve("notgit"));
        Files.createDirectories(tmp.resolve("sets/dir-as-toml/patchset.toml"));
        String good = Files.readString(tmp.resolve("sets/good/patchset.toml"));
        write("sets/invalid/patchset.toml", "format = 1\nname = \"x\"\n\n[[entry]]\nid = \"a\"\nkind = rewrite\n");
        write("sets/newer/patchset.toml", good.replace("format = 1", "format = 3"));
        Files.createDirectories(tmp.resolve("sets/latin1"));
        Files.write(
                tmp.resolve("sets/latin1/patchset.toml"),
                "format = 1\nname = \"caf\u00e9\"\n".getBytes(StandardCharsets.ISO_8859_1));
        write("sets/dotdot/patchset.toml", good.replace("file = \"compiler/", "file = \"../../compiler/"));
        write(
                "sets/absolute/patchset.toml",
                good.replace("file = \"compiler/pre_hook_amd-llvm.cmake\"", "file = \"/etc/passwd\""));
        write(
                "sets/dotgit/patchset.toml",
                good.replace("file = \"compiler/pre_hook_amd-llvm.cmake\"", "file = \".git/config\""));
        String hunk =
                "--- a/compiler/CMakeLists.txt\n+++ b/compiler/CMakeLists.txt\n@@ -1,2 +1,2 @@\n # Version configuration\n";
        write("truncated.patch", hunk);
        write("binary.patch", "diff --git a/x.bin b/x.bin\nBinary files a/x.bin and b/x.bin differ\n");
        write(
                "dotdot.patch",
                hunk.replace("a/compiler", "a/../compiler") + "-set(LLVM_VERSION 20)\n+set(LLVM_VERSION 21)\n");
        write(
                "absolute.patch",
                hunk.replace("--- a/compiler", "--- /compiler").replace("+++ b/compiler", "+++ /compiler")
                        + "-set(LLVM_VERSION 20)\n+set(LLVM_VERSION 21)\n");
        write("dotgit.patch", "--- a/.git/config\n+++ b/.git/config\n@@ -1 +1 @@\n-a\n+b\n");
        write("good.patch", hunk + "-set(LLVM_VERSION 20)\n+set(LLVM_VERSION 21)\n");
        write(
                "newer.lock.toml",
                Files.readString(tmp.resolve("pins/good.lock.toml")).replace("format = 1", "format = 7"));
        write("bad.toml", "format = 1\n[[root]]\nname = \"TheRock\nurl = 3\n");
        write("missing.sh", "sed -i 's/no-such-text/x/' compiler/CMakeLists.txt\n");
    }

    static Stream<Arguments> cases() {
        String set = "sets/good";
        String lock = "pins/good.lock.toml";
        return Stream.of(
                // patchset files
                bad("missing folder", "sets/nope: no such patchset folder", "verify", "sets/nope", "--rev", "HEAD"),
                bad(
                        "folder instead of toml",
                        "sets/dir-as-toml/patchset.toml: cannot read",
                        "verify",
                        "sets/dir-as-toml",
                        "--rev",
                        "HEAD"),
                bad(
                        "invalid toml, its line",
                        "sets/invalid/patchset.toml:6: invalid TOML",
                        "verify",
                        "sets/invalid",
                        "--rev",
                        "HEAD"),
                bad("format 3", "sets/newer/patchset.toml:1: format 3 is newer", "apply", "sets/newer"),
                bad(
                        "not UTF-8",
                        "sets/latin1/patchset.toml:2: column 12: not valid UTF-8",
                        "verify",
                        "sets/latin1",
                        "--rev",
                        "HEAD"),
                bad("entry path with ..", "sets/dotdot/patchset.toml:9: path '../../compiler", "apply", "sets/dotdot"),
                bad(
                        "absolute entry path",
                        "sets/absolute/patchset.toml:9: absolute path '/etc/passwd'",
                        "apply",
                        "sets/absolute"),
                bad(
                        "entry path into .git",
                        "sets/dotgit/patchset.toml:9: path '.git/config' points into a .git",
                        "apply",
                        "sets/dotgit"),
                // revisions, entries, repositories
                bad("unknown --rev", "--rev: unknown revision 'no-such'", "verify", set, "--rev", "no-such"),
                bad("unknown --onto", "--onto: unknown revision 'no-such'", "rebase", set, "--onto", "no-such"),
                bad(
                        "unknown --good",
                        "--good: unknown revision 'no-such'",
                        "bisect",
                        set,
                        "--entry",
                        "nvptx",
                        "--good",
                        "no-such",
                        "--bad",
                        "HEAD"),
                bad(
                        "unknown entry",
                        "--entry: no entry 'no-such' in ",
                        "bisect",
                        set,
                        "--entry",
                        "no-such",
                        "--good",
                        "HEAD",
                        "--bad",
                        "HEAD"),
                bad(
                        "bare repo for apply",
                        "apply needs a work tree, but this repository is bare",
                        "apply",
                        set,
                        "--repo",
                        "{tmp}/bare.git"),
                bad("bare repo for sync", "sync needs a work tree", "sync", lock, "--repo", "{tmp}/bare.git"),
                bad(
                        "not a git repo",
                        "notgit: not a git repository",
                        "verify",
                        set,
                        "--rev",
                        "HEAD",
                        "--repo",
                        "{tmp}/notgit"),
                // authoring options
                bad(
                        "invalid regex",
                        "invalid RE2 regular expression",
                        "add",
                        "rewrite",
                        set,
                        "--file",
                        "compiler/CMakeLists.txt",
                        "--regex",
                        "--find",
                        "(",
                        "--replace",
                        "x"),
                bad(
                        "empty --find",
                        "--find: is empty",
                        "add",
                        "rewrite",
                        set,
                        "--file",
                        "compiler/CMakeLists.txt",
                        "--find",
                        "",
                        "--replace",
                        "x"),
                bad(
                        "--occurrence 0",
                        "--occurrence: must be 'all' or a positive number",
                        "add",
                        "rewrite",
                        set,
                        "--file",
                        "compiler/CMakeLists.txt",
                        "--find",
                        "LLVM",
                        "--replace",
                        "x",
                        "--occurrence",
                        "0"),
                bad(
                        "--file with ..",
                        "--file: path '../x' escapes the workspace",
                        "add",
                        "rewrite",
                        set,
                        "--file",
                        "../x",
                        "--find",
                        "a",
                        "--replace",
                        "b"),
                bad(
                        "--file absolute",
                        "--file: absolute path '/etc/passwd'",
                        "add",
                        "insert",
                        set,
                        "--file",
                        "/etc/passwd",
                        "--after",
                        "root",
                        "--text",
                        "x"),
                bad(
                        "--file into .git",
                        "--file: path '.git/config' points into a .git",
                        "add",
                        "rewrite",
                        set,
                        "--file",
                        ".git/config",
                        "--find",
                        "a",
                        "--replace",
                        "b"),
                bad(
                        "unknown component",
                        "--component: 'no-such' is not a component",
                        "add",
                        "rewrite",
                        set,
                        "--component",
                        "no-such",
                        "--file",
                        "x",
                        "--find",
                        "a",
                        "--replace",
                        "b"),
                // patches
                bad(
                        "truncated patch",
                        "truncated.patch:3: truncated hunk",
                        "add",
                        "patch",
                        set,
                        "truncated.patch",
                        "--component",
                        "."),
                bad(
                        "binary patch",
                        "binary.patch:1: binary patches are refused",
                        "add",
                        "patch",
                        set,
                        "binary.patch",
                        "--component",
                        "."),
                bad(
                        "patch path with ..",
                        "dotdot.patch:1: path 'a/../compiler",
                        "add",
                        "patch",
                        set,
                        "dotdot.patch",
                        "--component",
                        "."),
                bad(
                        "absolute patch path",
                        "absolute.patch:1: absolute path '/compiler",
                        "add",
                        "patch",
                        set,
                        "absolute.patch",
                        "--component",
                        "."),
                bad(
                        "patch into .git",
                        "dotgit.patch:1: path 'a/.git/config' points into a .git",
                        "add",
                        "patch",
                        set,
                        "dotgit.patch",
                        "--component",
                        "."),
                bad(
                        "missing patch file",
                        "nope.patch: no such file",
                        "add",
                        "patch",
                        set,
                        "nope.patch",
                        "--component",
                        "."),
                bad(
                        "folder as patch file",
                        "folder: cannot read: is a folder",
                        "add",
                        "patch",
                        set,
                        "folder",
                        "--component",
                        "."),
                bad(
                        "negative -p",
                        "-p: must be 0 or more",
                        "add",
                        "patch",
                        set,
                        "good.patch",
                        "--component",
                        ".",
                        "-p",
                        "-1"),
                // lockfiles and pins
                bad("missing lockfile", "nope.lock.toml: no such file", "lock", "check", "nope.lock.toml"),
                bad("folder as lockfile", "folder: cannot read", "lock", "diff", lock, "folder"),
                bad("newer lockfile", "newer.lock.toml:2: format 7 is newer", "sync", "newer.lock.toml"),
                bad("invalid pins toml, its line", "bad.toml:3: invalid TOML", "lock", "--pins", "bad.toml"),
                bad("unwritable -o", "/proc/patchpin-qa: cannot write", "lock", "-o", "/proc/patchpin-qa"),
                bad("folder as -o", "folder: cannot write: is a folder", "lock", "-o", "folder"),
                bad("file in the way of a new set", "good.patch: cannot create folder", "new", "good.patch"),
                bad(
                        "unwritable export",
                        "cannot create folder",
                        "export",
                        set,
                        "--format",
                        "quilt",
                        "-o",
                        "/proc/patchpin-qa"),
                // sed scripts and imports
                bad("missing sed script", "nope.sh: no such file", "import-sed", "sets/new", "--script", "nope.sh"),
                bad(
                        "sed line that cannot be sealed",
                        "missing.sh:1: cannot seal",
                        "import-sed",
                        "sets/new",
                        "--script",
                        "missing.sh"),
                bad(
                        "import from nowhere",
                        "nope: not a patches folder or quilt series",
                        "import",
                        set,
                        "--from",
                        "{tmp}/nope"),
                bad(
                        "import from an empty folder",
                        "folder: no patches found",
                        "import",
                        set,
                        "--from",
                        "{tmp}/folder",
                        "--component",
                        "."),
                // options
                bad("unknown option", "Unknown option: '--bogus'", "verify", set, "--bogus"),
                bad("bad --format value", "Invalid value for option '--format'", "verify", set, "--format", "yaml"),
                bad(
                        "junit where refused",
                        "--format: lock check reports as text or json",
                        "lock",
                        "check",
                        lock,
                        "--format",
                        "junit"),
                bad(
                        "junit where refused",
                        "--format: audit reports as text or json",
                        "audit",
                        set,
                        "--format",
                        "junit"),
                bad(
                        "exclusive options",
                        "--continue, --abort are mutually exclusive",
                        "rebase",
                        set,
                        "--continue",
                        "--abort"),
                bad("no rebase in progress", "sets/good: no rebase in progress", "rebase", set, "--abort"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedWithOneLineAndNothingWritten(String name, String expected, String[] args) {
        Map<String, String> before = snapshot();
        Cli.Run run = Cli.run(withRepo(args));
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).as(name).singleElement().satisfies(l -> assertThat(l)
                .startsWith("patchpin: ")
                .contains(expected)
                .doesNotContain("Exception"));
        assertThat(run.out()).as(name).isEmpty();
        assertThat(snapshot()).as(name + ": nothing written").isEqualTo(before);
    }

    private static Arguments bad(String name, String expected, String... args) {
        return Arguments.of(name, expected, args);
    }

    /** Relative paths resolve against the temp folder; --repo defaults to the work tree. */
    private static String[] withRepo(String[] args) {
        Stream<String> resolved = Stream.of(args)
                .map(a -> a.replace("{tmp}", tmp.toString()))
                .map(a -> a.matches("(sets|pins)/.*|[\\w.-]+\\.(patch|toml|sh)|folder")
                        ? tmp.resolve(a).toString()
                        : a);
        boolean hasRepo = Stream.of(args).anyMatch("--repo"::equals);
        return Stream.concat(resolved, hasRepo ? Stream.empty() : Stream.of("--repo", repo.toString()))
                .toArray(String[]::new);
    }

    /** Every file's size and time and every folder below the temp folder, git's own folders left unread. */
    private static Map<String, String> snapshot() {
        Map<String, String> files = new TreeMap<>();
        try {
            Files.walkFileTree(tmp, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                    files.put(tmp.relativize(dir).toString(), "dir");
                    return dir.endsWith(".git") ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
                    files.put(
                            tmp.relativize(file).toString(),
                            a.size() + "@" + a.lastModifiedTime().toMillis());
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    private static void ok(String... args) {
        Cli.ok(withRepo(args));
    }

    private static void write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }
}
