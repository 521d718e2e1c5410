package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A real git repository in a temp folder, written and committed through C git. */
public final class Repo {
    private final Path dir;

    private Repo(Path dir) {
        this.dir = dir;
    }

    /** Creates a new repository (branch main) at {@code dir}. */
    public static Repo init(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Git.run(dir, "init", "-q");
        return new Repo(dir);
    }

    /** Wraps an existing work tree. */
    public static Repo at(Path dir) {
        return new Repo(dir);
    }

    public Path dir() {
        return dir;
    }

    /** {@code file://} URL of this repository. */
    public String url() {
        return dir.toAbsolutePath().toUri().toString().replaceAll("/$", "");
    }

    public Repo write(String path, String content) {
        try {
            Path p = dir.resolve(path);
            Files.createDirectories(p.getParent());
            Files.writeString(p, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public String read(String path) {
        try {
            return Files.readString(dir.resolve(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Repo delete(String path) {
        Git.run(dir, "rm", "-q", path);
        return this;
    }

    /** Stages everything and commits; returns the new commit id. */
    public String commit(String message) {
        Git.run(dir, "add", "-A");
        Git.run(dir, "commit", "-q", "--allow-empty", "-m", message);
        return head();
    }

    public String head() {
        return Git.run(dir, "rev-parse", "HEAD");
    }

    /** Adds {@code child} as a submodule at {@code path} (name = path) by its file:// URL. */
    public Repo addSubmodule(String path, Repo child) {
        Git.run(dir, "submodule", "add", "-q", child.url(), path);
        return this;
    }

    /** Sets {@code submodule.<name>.branch} in .gitmodules. */
    public Repo submoduleBranch(String name, String branch) {
        Git.run(dir, "config", "-f", ".gitmodules", "submodule." + name + ".branch", branch);
        return this;
    }

    /** Moves the submodule at {@code path} to {@code commit} of its upstream (fetching it first). */
    public Repo bumpSubmodule(String path, String commit) {
        Path sub = dir.resolve(path);
        Git.run(sub, "fetch", "-q", "origin");
        Git.run(sub, "checkout", "-q", commit);
        Git.run(dir, "add", path);
        return this;
    }

    public String git(String... args) {
        return Git.run(dir, args);
    }
}
