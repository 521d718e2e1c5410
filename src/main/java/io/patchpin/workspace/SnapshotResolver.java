package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Parallel;
import io.patchpin.core.RelativePath;
import io.patchpin.core.Settings;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.revwalk.RevWalk;

/** Resolves every component at a superproject commit, recursively, from object databases only. */
final class SnapshotResolver {
    private final Repository superRepo;
    private final Path workTree;
    private final RepositoryLocator locator;
    private final CommitOverride override;
    private final Settings settings;
    // written by one task per top-level component; sorted on output, so the order of writes does not matter
    private final SortedMap<String, Component> components = new ConcurrentSkipListMap<>();
    private final Map<String, Repository> repositories = new ConcurrentHashMap<>();

    /** @param workTree the superproject's work tree, or null for a bare repository */
    SnapshotResolver(
            Repository superRepo,
            Path workTree,
            RepositoryLocator locator,
            CommitOverride override,
            Settings settings) {
        this.superRepo = superRepo;
        this.workTree = workTree;
        this.locator = locator;
        this.override = override;
        this.settings = settings;
    }

    Snapshot resolve(ObjectId commit) {
        String url = superRepo.getConfig().getString("remote", "origin", "url");
        components.put(
                Component.SUPERPROJECT,
                new Component(
                        Component.SUPERPROJECT,
                        Component.SUPERPROJECT,
                        Optional.ofNullable(url),
                        Optional.empty(),
                        commit.name(),
                        Optional.empty(),
                        true));
        repositories.put(Component.SUPERPROJECT, superRepo);
        List<Runnable> subtrees = new ArrayList<>();
        descend(Component.SUPERPROJECT, superRepo, commit, workTree, url, subtrees);
        runAll(subtrees);
        return new Snapshot(commit.name(), components, repositories, locator.mirrorDir(), settings);
    }

    /**
     * Resolves the top-level subtrees in parallel (every repository is opened and read by one task only); a failure is
     * rethrown from the first subtree in path order, so the outcome does not depend on scheduling.
     */
    private static void runAll(List<Runnable> subtrees) {
        try {
            Parallel.map(subtrees, Parallel.cores(), s -> {
                s.run();
                return s;
            });
        } catch (InterruptedIOException e) {
            throw new UncheckedIOException("interrupted while resolving components", e);
        }
    }

    /** Resolves the children of one component; with {@code deferred}, their subtrees are queued there instead. */
    private void descend(
            String parentPath,
            Repository repo,
            ObjectId commit,
            Path parentWorkTree,
            String parentUrl,
            List<Runnable> deferred) {
        RevTree tree = tree(repo, commit);
        try (ObjectReader reader = repo.newObjectReader()) {
            String at = "at " + commit.abbreviate(12).name();
            String where = ".gitmodules of " + parentPath + " " + at;
            GitModules file = GitModules.read(settings.readLimit(), reader, tree, parentPath, at);
            Config modules = file.config();
            Map<String, ObjectId> links = GitModules.gitlinks(reader, tree, declaredPaths(modules));
            for (String name : modules.getSubsections("submodule")) {
                String relPath = checkedPath(file, name, where);
                if (relPath == null) {
                    continue;
                }
                String url = checkedUrl(file, name, parentUrl, where);
                String branch = modules.getString("submodule", name, "branch");
                ObjectId link = links.get(relPath);
                if (link == null) {
                    continue; // declared in .gitmodules but absent from the tree: not a component here
                }
                String path = RelativePath.join(parentPath, relPath);
                Path workTree = parentWorkTree == null ? null : parentWorkTree.resolve(relPath);
                Path parentGitDir = repo.getDirectory().toPath();
                Component atGitlink = new Component(
                        path,
                        name,
                        Optional.ofNullable(url),
                        Optional.ofNullable(branch),
                        link.name(),
                        Optional.of(parentPath),
                        false);
                link = overridden(atGitlink, parentGitDir, workTree);
                Nesting.check(components, where, parentPath, path, url, link.name());
                var found = locator.find(parentGitDir, workTree, name, url, link);
                components.put(path, atGitlink.at(link.name(), found.isPresent()));
                if (found.isPresent()) {
                    child(path, found.get(), link, workTree, url, deferred);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read tree of " + parentPath + " at " + commit.name(), e);
        }
    }

    /** The submodule's path as {@code file} declares it, normalised; refused at its line when unsafe; null without one. */
    private static String checkedPath(GitModules file, String name, String where) {
        String declared = file.config().getString("submodule", name, "path");
        if (declared == null) {
            return null;
        }
        RelativePath.problem(declared).ifPresent(why -> {
            throw new BadInputException(where, file.lineOf(declared), why);
        });
        return RelativePath.normalize(declared);
    }

    /** The submodule's URL resolved against its parent's; refused at its line when git would not fetch it safely. */
    private static String checkedUrl(GitModules file, String name, String parentUrl, String where) {
        String declared = file.config().getString("submodule", name, "url");
        String url = resolveUrl(parentUrl, declared);
        if (url != null && RemoteUrl.refusal(url).isPresent()) {
            RemoteUrl.check(where, file.lineOf(declared), url);
        }
        return url;
    }

    /** A component found locally: its repository kept, its own submodules read now or, when deferred, later. */
    private void child(
            String path, Repository child, ObjectId commit, Path workTree, String url, List<Runnable> deferred) {
        repositories.put(path, child);
        Runnable subtree = () -> descend(path, child, commit, workTree, url, null);
        if (deferred != null) {
            deferred.add(subtree);
        } else {
            subtree.run();
        }
    }

    private ObjectId overridden(Component atGitlink, Path parentGitDir, Path workTree) {
        if (override == CommitOverride.NONE) {
            return ObjectId.fromString(atGitlink.commit());
        }
        return override.commitFor(
                        atGitlink,
                        () -> locator.existing(
                                parentGitDir,
                                workTree,
                                atGitlink.name(),
                                atGitlink.url().orElse(null)))
                .orElse(ObjectId.fromString(atGitlink.commit()));
    }

    private static RevTree tree(Repository repo, ObjectId commit) {
        try (RevWalk walk = new RevWalk(repo)) {
            return walk.parseCommit(commit).getTree();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read commit " + commit.name() + " in " + repo.getDirectory(), e);
        }
    }

    /** The paths .gitmodules declares that are safe to look up (an unsafe one is refused in declaration order later). */
    private static List<String> declaredPaths(Config modules) {
        return modules.getSubsections("submodule").stream()
                .map(name -> modules.getString("submodule", name, "path"))
                .filter(path -> path != null && RelativePath.problem(path).isEmpty())
                .map(RelativePath::normalize)
                .filter(path -> !path.equals("."))
                .toList();
    }

    /** Resolves a relative submodule URL ("../x.git") against the parent's URL, as git does. */
    static String resolveUrl(String parentUrl, String url) {
        if (url == null || parentUrl == null || !(url.startsWith("./") || url.startsWith("../"))) {
            return url;
        }
        String base = parentUrl.replaceAll("/+$", "");
        String rest = url;
        // git joins with ':' once it has cut an scp-like URL back to its host ("git@h:org" + "../x" is "git@h:x")
        char separator = '/';
        while (true) {
            if (rest.startsWith("./")) {
                rest = rest.substring(2);
            } else if (rest.startsWith("../")) {
                rest = rest.substring(3);
                int slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf(':'));
                if (slash > 0) {
                    separator = base.charAt(slash);
                    base = base.substring(0, slash);
                }
            } else {
                break;
            }
        }
        return base + separator + rest;
    }
}
