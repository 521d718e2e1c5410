package io.patchpin.apply;

import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.ForwardingFileSource;
import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.RevisionFileSource;
import io.patchpin.workspace.WorkTreeFileSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Files of each checked-out component as committed at its HEAD (whatever commit the work tree has checked out, not the
 * superproject's gitlink): the baseline against which apply and revert tell the entries' edits from a user's own. The
 * superproject is read through the workspace's own open repository (its pack indexes are loaded once per run, not once
 * per reader).
 */
public final class CommittedFileSource extends ForwardingFileSource implements AutoCloseable {
    private final WorkTreeFileSource workTree;
    private final Map<String, Optional<Repository>> repos = new TreeMap<>();
    private Repository shared; // the workspace's, when a component is the superproject: not closed here

    public CommittedFileSource(WorkTreeFileSource workTree) {
        super(workTree);
        this.workTree = workTree;
    }

    @Override
    public FileLookup read(String component, String file) {
        Optional<Repository> repo = repo(component);
        if (repo.isEmpty()) {
            return new FileLookup.ComponentMissing();
        }
        try (ObjectReader reader = repo.get().newObjectReader();
                RevWalk walk = new RevWalk(reader)) {
            ObjectId head = repo.get().resolve("HEAD^{commit}");
            if (head == null) {
                return new FileLookup.FileMissing();
            }
            return RevisionFileSource.lookup(
                    settings().readLimit(),
                    reader,
                    walk.parseCommit(head).getTree(),
                    component,
                    file,
                    "as committed at HEAD");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " at HEAD of " + component, e);
        }
    }

    /** The component's repository, opened once; empty when it is not checked out. */
    Optional<Repository> repo(String component) {
        return repos.computeIfAbsent(component, c -> {
            Optional<Path> dir = workTree.componentDir(c);
            Optional<Path> gitDir = dir.flatMap(RepositoryLocator::gitDirOf);
            if (gitDir.isEmpty()) {
                return Optional.empty();
            }
            Repository superRepo = workTree.workspace().superRepository();
            if (sameFolder(gitDir.get(), superRepo.getDirectory().toPath())) {
                shared = superRepo;
                return Optional.of(superRepo);
            }
            return RepositoryLocator.openCheckout(dir.get());
        });
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        return Optional.empty();
    }

    @Override
    public String describe() {
        return "checked-out commits";
    }

    private static boolean sameFolder(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** Closes the repositories this source opened; the workspace's own stays open for its owner. */
    @Override
    public void close() {
        repos.values().forEach(r -> r.filter(x -> x != shared).ifPresent(Repository::close));
    }
}
