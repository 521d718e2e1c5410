package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.eclipse.jgit.errors.RepositoryNotFoundException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * Finds a component's object database without a checkout, in this order: {@code modules/<name>} under the parent's git
 * directory, the component's own {@code .git} (directory or {@code gitdir:} file), then a mirror folder laid out as
 * TheRock's {@code THEROCK_GIT_MIRROR_DIR} (URL path plus ".git"). Repositories are opened read-only in use and shared
 * between components.
 */
public final class RepositoryLocator implements AutoCloseable {
    private final Path mirrorDir;
    private final Map<Path, Optional<Repository>> open = new ConcurrentHashMap<>();

    public RepositoryLocator(Path mirrorDir) {
        this.mirrorDir = mirrorDir;
    }

    public Optional<Path> mirrorDir() {
        return Optional.ofNullable(mirrorDir);
    }

    /** Opens the superproject from a work tree or a bare repository. */
    public static Repository openSuperproject(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), 0, "no such repository directory");
        }
        Optional<Path> gitDir = gitDirOf(dir).or(() -> isGitDir(dir) ? Optional.of(dir) : Optional.empty());
        if (gitDir.isEmpty()) {
            // a subfolder of a work tree: the repository is found as git finds it, upwards
            return workTreeRootOf(dir)
                    .map(RepositoryLocator::openSuperproject)
                    .orElseThrow(() -> new BadInputException(
                            dir.toString(), 0, "not a git repository (no .git here; use --repo)"));
        }
        try {
            return open(gitDir.get(), gitDir.get().equals(dir) ? null : dir);
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot open repository: " + e.getMessage(), e);
        }
    }

    /**
     * The first candidate git directory that holds {@code commit}: the parent's modules folder, the work tree's .git,
     * the mirror.
     */
    public Optional<Repository> find(
            Path parentGitDir, Path componentWorkTree, String name, String url, ObjectId commit) {
        return opened(parentGitDir, componentWorkTree, name, url)
                .filter(repo -> has(repo, commit))
                .findFirst();
    }

    /** Every candidate git directory that exists, opened, in lookup order. */
    public List<Repository> existing(Path parentGitDir, Path componentWorkTree, String name, String url) {
        return opened(parentGitDir, componentWorkTree, name, url).toList();
    }

    /** The candidates that exist, each opened only when the stream reaches it. */
    private Stream<Repository> opened(Path parentGitDir, Path componentWorkTree, String name, String url) {
        return candidates(parentGitDir, componentWorkTree, name, url).stream().flatMap(p -> openCached(p).stream());
    }

    /** Candidate git directories in lookup order (existing or not). */
    public List<Path> candidates(Path parentGitDir, Path componentWorkTree, String name, String url) {
        List<Path> out = new ArrayList<>();
        if (parentGitDir != null) {
            out.add(parentGitDir.resolve("modules").resolve(name));
        }
        if (componentWorkTree != null) {
            gitDirOf(componentWorkTree).ifPresent(out::add);
        }
        if (mirrorDir != null && url != null) {
            mirrorRelativePath(url).ifPresent(rel -> out.add(mirrorDir.resolve(rel)));
        }
        return out;
    }

    /** TheRock's url_to_mirror_relpath: the URL's path without leading/trailing '/', plus ".git". */
    public static Optional<String> mirrorRelativePath(String url) {
        String path;
        try {
            path = new URI(url).getPath();
        } catch (Exception e) {
            // scp-like "git@host:org/repo.git"
            int colon = url.indexOf(':');
            path = colon >= 0 ? url.substring(colon + 1) : url;
        }
        if (path == null) {
            return Optional.empty();
        }
        path = path.replaceAll("^/+", "").replaceAll("/+$", "");
        if (path.isEmpty() || path.contains("..")) {
            return Optional.empty();
        }
        return Optional.of(path.endsWith(".git") ? path : path + ".git");
    }

    /**
     * The repository of the checkout at {@code workTree}, with that folder as its work tree. git may keep
     * {@code core.worktree} in {@code config.worktree} (with {@code extensions.worktreeConfig}, as
     * {@code git sparse-checkout} sets), which JGit does not read: left to find the work tree itself, JGit took the
     * submodule's git folder's parent ({@code .git/modules}) for it, and an index written then dropped every file.
     * Empty when the folder holds no {@code .git}; a repository patchpin cannot open (an object format or extension it
     * does not know) is bad input, one line.
     */
    public static Optional<Repository> openCheckout(Path workTree) {
        Optional<Path> gitDir = gitDirOf(workTree);
        if (gitDir.isEmpty() || !Files.isDirectory(gitDir.get())) {
            return Optional.empty();
        }
        try {
            return Optional.of(open(gitDir.get(), workTree));
        } catch (RepositoryNotFoundException e) {
            return Optional.empty();
        } catch (IllegalArgumentException | IOException e) {
            throw new BadInputException(
                    gitDir.get().toString(),
                    0,
                    "cannot open repository (patchpin reads SHA-1" + " repositories with the extensions JGit knows): "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * The repository at {@code gitDir}, with {@code workTree} (null: none set), when patchpin can read it: a repository
     * in another object format than SHA-1 (git's {@code --object-format=sha256}) is refused up front, in one line, as
     * JGit would read its ids wrongly and every revision would look unknown.
     */
    private static Repository open(Path gitDir, Path workTree) throws IOException {
        FileRepositoryBuilder builder =
                new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true);
        if (workTree != null) {
            builder.setWorkTree(workTree.toFile());
        }
        Repository repo = builder.build();
        String format = repo.getConfig().getString("extensions", null, "objectformat");
        if (format != null && !format.equalsIgnoreCase("sha1")) {
            repo.close();
            throw new BadInputException(
                    repo.getDirectory().toString(),
                    0,
                    "uses the " + format
                            + " object format, which patchpin cannot read (it reads SHA-1 repositories, git's default)");
        }
        return repo;
    }

    /** The nearest folder at or above {@code dir} that has a {@code .git}: the work tree {@code dir} is in. */
    public static Optional<Path> workTreeRootOf(Path dir) {
        for (Path p = dir.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The superproject a work tree is a submodule of, when its git directory lives in another repository's
     * {@code .git/modules/} (how git stores submodules): the outermost such repository, TheRock for a nested submodule.
     */
    public static Optional<Path> superprojectOf(Path workTree) {
        Path dotGit = workTree.resolve(".git");
        if (!Files.isRegularFile(dotGit)) {
            return Optional.empty();
        }
        return gitDirOf(workTree).flatMap(g -> {
            String s = g.toString().replace('\\', '/');
            int at = s.indexOf("/.git/modules/");
            return at < 0 ? Optional.empty() : Optional.of(Path.of(s.substring(0, at)));
        });
    }

    /** The git directory of a work tree: {@code .git} as a directory, or the target of a {@code gitdir:} file. */
    public static Optional<Path> gitDirOf(Path workTree) {
        Path dotGit = workTree.resolve(".git");
        if (Files.isDirectory(dotGit)) {
            return Optional.of(dotGit);
        }
        if (Files.isRegularFile(dotGit)) {
            try {
                String text = Files.readString(dotGit, StandardCharsets.UTF_8).trim();
                if (text.startsWith("gitdir:")) {
                    return Optional.of(
                            workTree.resolve(text.substring("gitdir:".length()).trim())
                                    .normalize());
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + dotGit, e);
            }
        }
        return Optional.empty();
    }

    private static boolean isGitDir(Path dir) {
        return Files.isRegularFile(dir.resolve("HEAD")) && Files.isDirectory(dir.resolve("objects"));
    }

    private Optional<Repository> openCached(Path gitDir) {
        Path key = gitDir.toAbsolutePath().normalize();
        return open.computeIfAbsent(key, k -> {
            if (!isGitDir(k)) {
                return Optional.empty();
            }
            try {
                return Optional.of(open(k, null));
            } catch (RepositoryNotFoundException e) {
                return Optional.empty();
            } catch (IOException e) {
                // a repository that is there but cannot be opened is a fault to show, not objects to fetch
                throw new UncheckedIOException("cannot open repository " + k + ": " + e.getMessage(), e);
            }
        });
    }

    /** Whether {@code repo} holds every one of {@code ids}. */
    public static boolean has(Repository repo, ObjectId... ids) {
        try {
            for (ObjectId id : ids) {
                if (!repo.getObjectDatabase().has(id)) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read objects of " + repo.getDirectory(), e);
        }
    }

    @Override
    public void close() {
        open.values().forEach(r -> r.ifPresent(Repository::close));
        open.clear();
    }
}
