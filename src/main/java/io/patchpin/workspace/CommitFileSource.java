package io.patchpin.workspace;

import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.SortedSet;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * One component's files at one of its own commits, whatever superproject commit pins it (a commit between two pins has
 * none); every other component is missing. Reads objects only.
 */
public final class CommitFileSource implements FileSource {
    private final String component;
    private final Repository repo;
    private final ObjectId commit;
    private final Settings settings;
    private ObjectId tree;

    public CommitFileSource(String component, Repository repo, ObjectId commit, Settings settings) {
        this.component = component;
        this.repo = repo;
        this.commit = commit.copy();
        this.settings = settings;
    }

    @Override
    public Settings settings() {
        return settings;
    }

    @Override
    public Optional<Version> version(String component) {
        return this.component.equals(component) ? TagVersion.of(repo, commit.name()) : Optional.empty();
    }

    @Override
    public FileLookup read(String component, String file) {
        if (!this.component.equals(component)) {
            return new FileLookup.ComponentMissing();
        }
        try (ObjectReader reader = repo.newObjectReader()) {
            return RevisionFileSource.lookup(
                    settings.readLimit(),
                    reader,
                    tree(reader),
                    component,
                    file,
                    "at commit " + commit.abbreviate(12).name());
        } catch (MissingObjectException e) {
            return new FileLookup.ObjectsMissing(commit.name());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " in " + component, e);
        }
    }

    private ObjectId tree(ObjectReader reader) throws IOException {
        if (tree == null) {
            try (RevWalk walk = new RevWalk(reader)) {
                tree = walk.parseCommit(commit).getTree().copy();
            }
        }
        return tree;
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        if (!this.component.equals(component)) {
            return Optional.empty();
        }
        try (ObjectReader reader = repo.newObjectReader()) {
            return Optional.of(RevisionFileSource.files(reader, tree(reader)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + component, e);
        }
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return this.component.equals(component)
                ? RevisionFileSource.readBlob(settings.readLimit(), repo, blobId, component)
                : Optional.empty();
    }

    @Override
    public String describe() {
        return "commit " + commit.abbreviate(12).name() + " of " + component;
    }
}
