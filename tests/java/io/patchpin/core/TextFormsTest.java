package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.safety.AtomicFiles;
import io.patchpin.safety.Writes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The small text forms every report and file shares: markup, terminal-safe text, TOML strings, ids, paths, exit codes. */
class TextFormsTest {
    @TempDir
    Path tmp;

    @Test
    void markupEscapesForTextAndForAttributes() {
        String s = "a&b<c>d\"e'f\ng\th\u0001";
        assertThat(Markup.escape(s, false)).isEqualTo("a&amp;b&lt;c&gt;d&quot;e&#39;f\ng\th ");
        assertThat(Markup.escape(s, true)).isEqualTo("a&amp;b&lt;c&gt;d&quot;e'f&#10;g\th ");
    }

    @Test
    void printableEscapesControlAndInvisibleCharacters() {
        assertThat(Printable.of(null)).isNull();
        assertThat(Printable.of("plain é")).isEqualTo("plain é");
        assertThat(Printable.of("\u001b]0;title\u0007")).isEqualTo("\\x1b]0;title\\x07");
        assertThat(Printable.of("a\u200bb\u2028c\u2029d")).isEqualTo("a\\x{200b}b\\x{2028}c\\x{2029}d");
        assertThat(Printable.of("x\ud800")).isEqualTo("x\\x{d800}");
        assertThat(Printable.hasControl(null)).isFalse();
        assertThat(Printable.hasControl("\u00ad")).isTrue();
        assertThat(Printable.hasControl("ok")).isFalse();
    }

    @Test
    void tomlStringsKeysAndArrays() {
        assertThat(TomlWriter.key("plain_key-1")).isEqualTo("plain_key-1");
        assertThat(TomlWriter.key("a.b")).isEqualTo("\"a.b\"");
        assertThat(TomlWriter.basic("q\"b\\n\nt\tr\rb\bf\fc\u0001d\u007f"))
                .isEqualTo("\"q\\\"b\\\\n\\nt\\tr\\rb\\bf\\fc\\u0001d\\u007F\"");
        assertThat(TomlWriter.quote("two\nlines")).isEqualTo("'''\ntwo\nlines'''");
        assertThat(TomlWriter.quote("ends in\nquote'")).isEqualTo("\"ends in\\nquote'\"");
        assertThat(TomlWriter.quote("has '''\n")).isEqualTo("\"has '''\\n\"");
        assertThat(TomlWriter.quote("bell\n\u0007")).isEqualTo("\"bell\\n\\u0007\"");
        assertThat(TomlWriter.quote("tab\tand\nnewline")).isEqualTo("'''\ntab\tand\nnewline'''");
        String toml = new TomlWriter()
                .comment("one\ntwo")
                .blank()
                .table("t")
                .arrayTable("e")
                .optionalString("skip", null)
                .optionalString("skip", "")
                .optionalString("k", "v")
                .integer("n", 3)
                .bool("b", true)
                .strings("few", List.of("a", "b"))
                .strings("many", List.of("a", "b", "c"))
                .toString();
        assertThat(toml)
                .isEqualTo("# one\n# two\n\n[t]\n[[e]]\nk = \"v\"\nn = 3\nb = true\nfew = [\"a\", \"b\"]\n"
                        + "many = [\n  \"a\",\n  \"b\",\n  \"c\",\n]\n");
        TomlDocument back = TomlDocument.parse("t.toml", toml.getBytes(StandardCharsets.UTF_8));
        assertThat(back.root().get("e").get(0).get("many").size()).isEqualTo(3);
    }

    @Test
    void idsAndChecksumsAreLowercaseHexOfTheirLength() {
        String id = "0123456789abcdef0123456789abcdef01234567";
        assertThat(Hashes.isObjectId(id)).isTrue();
        assertThat(Hashes.isObjectId(id.toUpperCase(Locale.ROOT))).isFalse();
        assertThat(Hashes.isObjectId(id.replace('a', 'g'))).isFalse();
        assertThat(Hashes.isObjectId(id.replace('0', '/'))).isFalse();
        assertThat(Hashes.isObjectId(id + "0")).isFalse();
        assertThat(Hashes.isObjectId(null)).isFalse();
        String sha = Hashes.sha256("x");
        assertThat(Hashes.isSha256(sha)).isTrue();
        assertThat(Hashes.isSha256(sha.toUpperCase(Locale.ROOT))).isFalse();
        assertThat(Hashes.isSha256(sha.replace(sha.charAt(0), ':'))).isFalse();
        assertThat(Hashes.isSha256(id)).isFalse();
        assertThat(Hashes.isSha256(null)).isFalse();
        assertThat(Hashes.abbrev(null)).isEqualTo("unknown");
        assertThat(Hashes.abbrev("abc")).isEqualTo("abc");
        assertThatThrownBy(() -> Hashes.digest("NO-SUCH-DIGEST"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("JVM lacks NO-SUCH-DIGEST");
    }

    @Test
    void relativePathProblems() {
        assertThat(RelativePath.problem(null)).contains("empty path");
        assertThat(RelativePath.problem("")).contains("empty path");
        assertThat(RelativePath.problem("a\\b")).contains("path 'a\\b' holds a NUL or backslash");
        assertThat(RelativePath.problem("a\0b")).isPresent();
        assertThat(RelativePath.problem("a\u001bb")).contains("path 'a\\x1bb' holds a control character");
        assertThat(RelativePath.problem("C:/x")).contains("absolute path 'C:/x' is not allowed");
        assertThat(RelativePath.problem("z:x")).isPresent();
        assertThat(RelativePath.problem("~/x")).isPresent();
        assertThat(RelativePath.problem("1:x")).isEmpty();
        assertThat(RelativePath.problem("[:x")).isEmpty();
        assertThat(RelativePath.problem("{:x")).isEmpty();
        assertThat(RelativePath.problem("a/.GIT/config")).contains("path 'a/.GIT/config' points into a .git directory");
        assertThat(RelativePath.problem("a/../b")).contains("path 'a/../b' escapes the workspace with '..'");
        assertThat(RelativePath.normalize("./a//b/.")).isEqualTo("a/b");
        assertThat(RelativePath.normalize("./")).isEqualTo(".");
        assertThatThrownBy(() -> RelativePath.check("p.toml", 4, "/etc/passwd"))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .isEqualTo("p.toml:4: absolute path '/etc/passwd' is not allowed"));
        assertThatThrownBy(() -> RealDirs.resolve(tmp, "../x"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("component '../x': path '../x' escapes the workspace with '..'");
        assertThat(RealDirs.resolve(tmp, ".")).isEqualTo(tmp);
    }

    @Test
    void theWorstOutcomeWins() {
        assertThat(ExitCode.OK.worst(ExitCode.REVIEW)).isEqualTo(ExitCode.REVIEW);
        assertThat(ExitCode.BROKEN.worst(ExitCode.REVIEW)).isEqualTo(ExitCode.BROKEN);
        assertThat(ExitCode.BAD_INPUT.worst(ExitCode.BROKEN)).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(ExitCode.BAD_INPUT.worst(ExitCode.FAULT)).isEqualTo(ExitCode.FAULT);
        assertThat(ExitCode.FAULT.code()).isEqualTo(70);
    }

    @Test
    void whoIsAtFaultWhenAWriteFails() {
        Path p = tmp.resolve("f");
        assertThat(AtomicFiles.failure(p, "cannot write", new FileAlreadyExistsException(p.toString())))
                .isInstanceOf(BadInputException.class)
                .hasMessage("cannot write: a file is in the way");
        assertThat(AtomicFiles.failure(p, "cannot write", new NoSuchFileException(p.toString())))
                .isInstanceOf(BadInputException.class)
                .hasMessage("cannot write: cannot create a file there");
        assertThat(AtomicFiles.failure(p, "cannot write", new NotDirectoryException(p.toString())))
                .isInstanceOf(BadInputException.class);
        assertThat(AtomicFiles.failure(p, "cannot write", new DirectoryNotEmptyException(p.toString())))
                .isInstanceOf(BadInputException.class);
        assertThat(AtomicFiles.failure(
                        p, "cannot write", new FileSystemException(p.toString(), null, "File name too long")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("cannot write: File name too long");
        assertThat(AtomicFiles.failure(
                        p, "cannot write", new FileSystemException(p.toString(), null, "Stale file handle")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot write " + p + ": Stale file handle");
        assertThat(AtomicFiles.failure(p, "cannot write", new FileSystemException(p.toString())))
                .isInstanceOf(UncheckedIOException.class);
        assertThat(AtomicFiles.failure(p, "cannot write", new IOException()))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot write " + p + ": IOException");
        assertThat(AtomicFiles.reason(new AccessDeniedException("x"))).isEqualTo("permission denied");
        assertThat(AtomicFiles.isTemp(Path.of("/"))).isFalse();
    }

    @Test
    void unreadableInputIsBadInputNamingIt() throws IOException {
        Path missing = tmp.resolve("missing");
        assertThatThrownBy(() -> InputFiles.read(missing))
                .isInstanceOfSatisfying(
                        BadInputException.class, e -> assertThat(e.source()).isEqualTo(missing.toString()))
                .hasMessageStartingWith("cannot read: ");
        assertThatThrownBy(() -> InputFiles.list(missing))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("cannot list: ");
        assertThatThrownBy(() -> InputFiles.folders(missing))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("cannot list: ");
        Files.createDirectories(tmp.resolve("d/b"));
        Files.createDirectories(tmp.resolve("d/a"));
        assertThat(InputFiles.folders(tmp.resolve("d"))).containsExactly(tmp.resolve("d/a"), tmp.resolve("d/b"));
    }

    @Test
    void deletingAndFailingToDelete() throws IOException {
        Path f = Files.writeString(tmp.resolve("f"), "x");
        new Writes.Atomic(false).write(f, null);
        assertThat(f).doesNotExist();
        new Writes.Atomic(false).write(f, null); // already gone
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("child"), "x");
        assertThatThrownBy(() -> Writes.atomic(full, null, false))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot delete " + full);
    }

    @Test
    void aReportThatFailsToWriteIsAFault() {
        assertThat(JsonText.prettyObject(g -> g.writeNumberField("n", 1))).isEqualTo("{\n  \"n\" : 1\n}\n");
        assertThatThrownBy(() -> JsonText.prettyObject(g -> {
                    throw new IOException("broken report");
                }))
                .isInstanceOf(UncheckedIOException.class)
                .hasRootCauseMessage("broken report");
    }

    @Test
    void aHeapThatRanOutWhileReadingNamesTheFile() {
        OutOfMemoryError ran = new OutOfMemoryError("Java heap space");
        OutOfMemoryReading named = new OutOfMemoryReading("compiler/amd-llvm/llvm/CMakeLists.txt", ran);
        assertThat(named.file()).isEqualTo("compiler/amd-llvm/llvm/CMakeLists.txt");
        assertThat(named).hasMessage("Java heap space").hasCause(ran);
    }
}
