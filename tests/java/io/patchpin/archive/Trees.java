package io.patchpin.archive;

import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/** Test trees built with C git, and C git's own archives of them. */
final class Trees {
    private Trees() {}

    static Repository open(Path workTree) {
        try {
            return new FileRepositoryBuilder()
                    .setWorkTree(workTree.toFile())
                    .setMustExist(true)
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Repo write(Repo repo, String path, byte[] content, boolean executable) {
        try {
            Path p = repo.dir().resolve(path);
            Files.createDirectories(p.getParent());
            Files.write(p, content);
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return repo;
    }

    static Repo symlink(Repo repo, String path, String target) {
        try {
            Path p = repo.dir().resolve(path);
            Files.createDirectories(p.getParent());
            Files.createSymbolicLink(p, Path.of(target));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return repo;
    }

    /** Files, executables, symlinks (short and over 100 bytes), long paths of every tar kind, nested folders. */
    static Repo mixed(Path dir) {
        Repo r = Repo.init(dir);
        write(r, "README.md", "hello\n".getBytes(StandardCharsets.UTF_8), false);
        write(r, "bin/run.sh", "#!/bin/sh\necho run\n".getBytes(StandardCharsets.UTF_8), true);
        write(
                r,
                "a.txt",
                "a dot txt sorts before a/ in git, after it in NAR\n".getBytes(StandardCharsets.UTF_8),
                false);
        write(r, "a/inner", new byte[0], false);
        write(r, "deep/er/still/deeper/file.bin", bytes(20_000), false);
        write(r, "x".repeat(100), "exactly 100 bytes of name".getBytes(StandardCharsets.UTF_8), false);
        write(r, "dir/" + "y".repeat(120), "one segment over 100: pax path".getBytes(StandardCharsets.UTF_8), false);
        write(
                r,
                "p".repeat(60) + "/" + "q".repeat(60) + "/" + "z.c",
                "prefix and name".getBytes(StandardCharsets.UTF_8),
                true);
        write(
                r,
                "s".repeat(90) + "/" + "t".repeat(90) + "/" + "u".repeat(90) + "/v.h",
                "prefix over 155".getBytes(StandardCharsets.UTF_8),
                false);
        write(r, "ünïcode/名前.txt", "utf-8 names\n".getBytes(StandardCharsets.UTF_8), false);
        symlink(r, "link", "README.md");
        symlink(r, "bin/longlink", "../" + "w".repeat(130));
        symlink(r, "dangling", "nowhere/at/all");
        r.commit("mixed tree");
        return r;
    }

    static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + i / 7);
        }
        return b;
    }

    /** {@code git [-c core.abbrev=no] archive --format tar <commit>} from C git, raw bytes. */
    static byte[] gitArchive(Path repoDir, String commit) {
        return run(repoDir, List.of("git", "-c", "core.abbrev=no", "archive", "--format", "tar", commit));
    }

    /** Runs a command with an isolated git configuration and returns stdout's bytes. */
    static byte[] run(Path dir, List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("GIT_"));
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            p.getInputStream().transferTo(out);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(cmd + " failed in " + dir);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Extracts C git's archive of {@code commit} into {@code into} with tar (export-ignore applied by git). */
    static Path extract(Path repoDir, String commit, Path into) throws IOException {
        Files.createDirectories(into);
        Path tar = into.resolveSibling(into.getFileName() + ".tar");
        Files.write(tar, gitArchive(repoDir, commit));
        run(into, List.of("tar", "-xf", tar.toString()));
        return into;
    }

    static byte[] ours(Repository repo, String commit, ArchiveMode mode) throws Refusal {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SourceArchives.writeTar(repo, ObjectId.fromString(commit), mode, out);
        return out.toByteArray();
    }

    static void git(Path dir, String... args) {
        Git.run(dir, args);
    }

    /** Commits HEAD's tree plus an empty tree at {@code path} (two levels), which only plumbing can make. */
    static String withEmptyTree(Repo r, String path) {
        String empty = r.git("hash-object", "-w", "-t", "tree", "/dev/null");
        String[] parts = path.split("/");
        String inner = mktree(r, "040000 tree " + empty + "\t" + parts[1] + "\n");
        String listing = r.git("ls-tree", "HEAD") + "\n040000 tree " + inner + "\t" + parts[0] + "\n";
        String tree = mktree(r, listing);
        String commit = r.git("commit-tree", tree, "-p", "HEAD", "-m", "an empty tree at " + path);
        r.git("update-ref", "HEAD", commit);
        return commit;
    }

    static String mktree(Repo r, String listing) {
        try {
            Path in = Files.createTempFile(r.dir().getParent(), "tree", ".txt");
            Files.writeString(in, listing);
            return new String(
                            Trees.run(r.dir(), List.of("sh", "-c", "git mktree < '" + in + "'")),
                            StandardCharsets.UTF_8)
                    .trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line per tar header (type, mode, size, prefix/name), for readable assertion messages. */
    static String tarListing(byte[] tar) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at + 512 <= tar.length) {
            if (tar[at] == 0) {
                at += 512;
                continue;
            }
            String name = field(tar, at, 100);
            String prefix = field(tar, at + 345, 155);
            long size = Long.parseLong(field(tar, at + 124, 12).trim(), 8);
            out.append((char) tar[at + 156])
                    .append(' ')
                    .append(field(tar, at + 100, 8))
                    .append(' ')
                    .append(size)
                    .append(' ')
                    .append(prefix.isEmpty() ? name : prefix + "/" + name)
                    .append('\n');
            at += 512 + (int) ((size + 511) / 512 * 512);
        }
        return out.toString();
    }

    private static String field(byte[] b, int at, int len) {
        int end = at;
        while (end < at + len && b[end] != 0) {
            end++;
        }
        return new String(b, at, end - at, StandardCharsets.UTF_8);
    }
}
