package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;

/**
 * A {@link TheRockFixture} work tree whose upstream moves: {@link #change} commits
 * inside the work tree's own component, then bumps each gitlink up to the
 * superproject, so every object stays local. Commits are made in-process with
 * JGit (no git process per change), with a fixed identity and a clock of its own
 * that advances an hour a commit, so the same changes give the same commit ids.
 */
public final class WorkTree implements AutoCloseable {
    /** Every component of the fixture; a component's parent is the longest one that holds it, else the superproject. */
    private static final List<String> COMPONENTS = List.of(
            TheRockFixture.HALF,
            TheRockFixture.LLVM,
            TheRockFixture.SYSTEMS,
            TheRockFixture.PERFETTO,
            TheRockFixture.ZLIB);

    private final Path dir;
    private final Map<String, org.eclipse.jgit.api.Git> open = new TreeMap<>();
    private long clock = 1_780_000_000L;

    WorkTree(Path dir) {
        this.dir = dir;
    }

    /** The superproject's work tree. */
    public Path dir() {
        return dir;
    }

    /** The superproject's work tree, for C git. */
    public Repo repo() {
        return Repo.at(dir);
    }

    /**
     * One upstream move: writes {@code files} (path in the component to UTF-8 text) into {@code component}
     * ({@code "."} for the superproject), commits there as {@code subject}, then commits the moved gitlink in
     * each parent up to the superproject as "Bump &lt;path&gt;: subject". Returns the new superproject commit.
     */
    public String change(String component, String subject, Map<String, String> files) {
        try {
            org.eclipse.jgit.api.Git git = git(component);
            var add = git.add();
            for (Map.Entry<String, String> f : new TreeMap<>(files).entrySet()) {
                Path p = componentDir(component).resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                add.addFilepattern(f.getKey());
            }
            add.call();
            commit(git, subject);
            return bumpParents(component, subject);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GitAPIException e) {
            throw new IllegalStateException(component + ": " + subject + ": " + e.getMessage(), e);
        }
    }

    /** As {@link #change}, the one change being a rename of {@code from} to {@code to} in {@code component}. */
    public String move(String component, String from, String to, String subject) {
        try {
            org.eclipse.jgit.api.Git git = git(component);
            Path target = componentDir(component).resolve(to);
            Files.createDirectories(target.getParent());
            Files.move(componentDir(component).resolve(from), target);
            git.add().addFilepattern(to).call();
            git.rm().addFilepattern(from).setCached(true).call();
            commit(git, subject);
            return bumpParents(component, subject);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GitAPIException e) {
            throw new IllegalStateException(component + ": " + subject + ": " + e.getMessage(), e);
        }
    }

    private String bumpParents(String component, String subject) throws IOException, GitAPIException {
        for (String path = component; !path.equals("."); ) {
            String parent = parentOf(path);
            String rel = parent.equals(".") ? path : path.substring(parent.length() + 1);
            org.eclipse.jgit.api.Git p = git(parent);
            p.add().addFilepattern(rel).call();
            commit(p, "Bump " + rel + ": " + subject);
            path = parent;
        }
        return git(".").getRepository().resolve("HEAD").name();
    }

    /** A work-tree file of a component ({@code "."} for the superproject). */
    public String read(String component, String file) {
        try {
            return Files.readString(componentDir(component).resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path componentDir(String component) {
        return component.equals(".") ? dir : dir.resolve(component);
    }

    private org.eclipse.jgit.api.Git git(String component) throws IOException {
        org.eclipse.jgit.api.Git git = open.get(component);
        if (git == null) {
            git = org.eclipse.jgit.api.Git.open(componentDir(component).toFile());
            open.put(component, git);
        }
        return git;
    }

    private void commit(org.eclipse.jgit.api.Git git, String message) throws GitAPIException {
        clock += 3600;
        PersonIdent who =
                new PersonIdent("Upstream", "upstream@example.org", Instant.ofEpochSecond(clock), ZoneOffset.UTC);
        git.commit()
                .setMessage(message)
                .setAuthor(who)
                .setCommitter(who)
                .setSign(false)
                .call();
    }

    private static String parentOf(String path) {
        String best = ".";
        for (String c : COMPONENTS) {
            if (path.startsWith(c + "/") && c.length() > best.length()) {
                best = c;
            }
        }
        return best;
    }

    @Override
    public void close() {
        open.values().forEach(org.eclipse.jgit.api.Git::close);
        open.clear();
    }
}
