package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import io.patchpin.core.OutOfMemoryReading;
import io.patchpin.core.RealDirs;
import io.patchpin.core.RelativePath;
import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Reads component files from the work tree on disk. A component is there when its folder is a checkout (has a
 * {@code .git}); blobs come from the objects of the component checked out there.
 */
public final class WorkTreeFileSource implements FileSource {
    private final Workspace workspace;
    private final Path root;

    public WorkTreeFileSource(Workspace workspace) {
        this.workspace = workspace;
        this.root = workspace.requireWorkTree("reading the work tree");
    }

    public Workspace workspace() {
        return workspace;
    }

    /** The folder of a component in the work tree, if it is checked out there. */
    public Optional<Path> componentDir(String component) {
        Path dir = RealDirs.resolve(root, component);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Optional<Path> gitDir = RepositoryLocator.gitDirOf(dir);
        if (gitDir.isEmpty()) {
            return Optional.empty();
        }
        if (!Files.isDirectory(gitDir.get())) {
            throw new BadInputException(
                    RelativePath.join(component, ".git"),
                    1,
                    "points at the git directory " + gitDir.get() + ", which does not exist");
        }
        return Optional.of(dir);
    }

    @Override
    public Settings settings() {
        return workspace.settings();
    }

    @Override
    public FileLookup read(String component, String file) {
        Optional<Path> dir = componentDir(component);
        if (dir.isEmpty()) {
            return new FileLookup.ComponentMissing(isGitlink(component));
        }
        Path path = dir.get().resolve(file);
        if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            return new FileLookup.FileMissing();
        }
        String name = RelativePath.join(component, file);
        workspace.settings().readLimit().check(path, name);
        try {
            return new FileLookup.Found(Files.readAllBytes(path), null);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemoryReading(name, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /**
     * Whether the path is a gitlink in the commit checked out in the deepest checkout around it: a submodule present
     * but not initialised.
     */
    public boolean isGitlink(String component) {
        if (component.equals(Component.SUPERPROJECT)) {
            return false;
        }
        String parent = Component.SUPERPROJECT;
        for (int i = component.lastIndexOf('/'); i > 0; i = component.lastIndexOf('/', i - 1)) {
            if (componentDir(component.substring(0, i)).isPresent()) {
                parent = component.substring(0, i);
                break;
            }
        }
        String rest = parent.equals(Component.SUPERPROJECT) ? component : component.substring(parent.length() + 1);
        return inRepository(parent, repo -> Optional.of(gitlinkAt(repo, rest))).orElse(false);
    }

    private static boolean gitlinkAt(Repository repo, String path) {
        try {
            ObjectId head = repo.resolve("HEAD^{tree}");
            if (head == null) {
                return false;
            }
            try (var walk = TreeWalk.forPath(repo, path, head)) {
                return walk != null && walk.getFileMode(0) == FileMode.GITLINK;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HEAD of " + repo.getDirectory() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The component's own files on disk: neither its {@code .git} nor the checkouts of its submodules (each a component
     * of its own), as a revision lists only its own tree.
     */
    @Override
    public Optional<SortedSet<String>> list(String component) {
        Optional<Path> dir = componentDir(component);
        if (dir.isEmpty()) {
            return Optional.empty();
        }
        Path top = dir.get();
        SortedSet<String> out = new TreeSet<>();
        try {
            Files.walkFileTree(top, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    boolean nested = !d.equals(top) && Files.exists(d.resolve(".git"), LinkOption.NOFOLLOW_LINKS);
                    return nested || d.getFileName().toString().equals(".git")
                            ? FileVisitResult.SKIP_SUBTREE
                            : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                    String rel = top.relativize(f).toString().replace('\\', '/');
                    if (attrs.isRegularFile() && RelativePath.problem(rel).isEmpty()) {
                        out.add(rel);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            return Optional.of(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + top, e);
        }
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return inRepository(
                component,
                repo -> RevisionFileSource.readBlob(workspace.settings().readLimit(), repo, blobId, component));
    }

    /** {@code f} of the repository of the checkout at {@code component}; empty without one. */
    private <T> Optional<T> inRepository(String component, Function<Repository, Optional<T>> f) {
        if (component.equals(Component.SUPERPROJECT)) {
            return f.apply(workspace.superRepository());
        }
        Optional<Repository> opened = componentDir(component).flatMap(RepositoryLocator::openCheckout);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (Repository repo = opened.get()) {
            return f.apply(repo);
        }
    }

    /** From the tags of the commit checked out (HEAD) in the component. */
    @Override
    public Optional<Version> version(String component) {
        return inRepository(component, WorkTreeFileSource::head);
    }

    private static Optional<Version> head(Repository repo) {
        try {
            ObjectId head = repo.resolve("HEAD");
            return head == null ? Optional.empty() : TagVersion.of(repo, head.name());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HEAD of " + repo.getDirectory(), e);
        }
    }

    @Override
    public String describe() {
        return "work tree";
    }
}
