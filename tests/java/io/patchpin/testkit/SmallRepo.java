package io.patchpin.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/** A one-repository workspace made in-process with JGit: one commit on main, a fixed identity and date. */
public final class SmallRepo {
    private static final PersonIdent ME =
            new PersonIdent("M", "m@example.com", Instant.ofEpochSecond(1_700_000_000L), ZoneOffset.UTC);

    private static final PersonIdent TEST =
            new PersonIdent("Test", "test@example.com", Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    private SmallRepo() {}

    /** Writes {@code text} (UTF-8) to {@code path} in {@code git}'s work tree and commits it alone, as "path". */
    public static RevCommit commit(Git git, String path, String text) throws IOException, GitAPIException {
        Path p = git.getRepository().getWorkTree().toPath().resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        git.add().addFilepattern(path).call();
        return git.commit()
                .setMessage(path)
                .setAuthor(TEST)
                .setCommitter(TEST)
                .setSign(false)
                .call();
    }

    /**
     * Commits {@code text} to {@code path} as the root commit of a history of its own (branch {@code branch}), then
     * checks {@code main} out again: a commit sharing no history with main's.
     */
    public static RevCommit orphan(Git git, String branch, String path, String text)
            throws IOException, GitAPIException {
        git.checkout().setOrphan(true).setName(branch).call();
        RevCommit root = commit(git, path, text);
        git.checkout().setName("main").call();
        return root;
    }

    /** Creates {@code root} with {@code files} (path to UTF-8 text) committed as "base"; returns the commit id. */
    public static String commit(Path root, Map<String, String> files) throws IOException, GitAPIException {
        try (Git git =
                Git.init().setDirectory(root.toFile()).setInitialBranch("main").call()) {
            for (Map.Entry<String, String> f : new TreeMap<>(files).entrySet()) {
                Path p = root.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            }
            git.add().addFilepattern(".").call();
            return git.commit()
                    .setMessage("base")
                    .setAuthor(ME)
                    .setCommitter(ME)
                    .setSign(false)
                    .call()
                    .name();
        }
    }
}
