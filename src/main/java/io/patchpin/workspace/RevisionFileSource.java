package io.patchpin.workspace;

import io.patchpin.core.ReadLimit;
import io.patchpin.core.RelativePath;
import io.patchpin.core.RevisionMention;
import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/** Reads component files at a superproject revision straight from the object databases. */
public final class RevisionFileSource implements FileSource {
    private final Snapshot snapshot;
    // each component's root tree, so a run of many reads parses each component's commit once
    private final Map<String, ObjectId> trees = new ConcurrentHashMap<>();
    private final Map<String, Optional<Version>> versions = new ConcurrentHashMap<>();

    RevisionFileSource(Snapshot snapshot) {
        this.snapshot = snapshot;
    }

    public Snapshot snapshot() {
        return snapshot;
    }

    @Override
    public Optional<Snapshot> revisionSnapshot() {
        return Optional.of(snapshot);
    }

    @Override
    public Optional<Version> version(String component) {
        return versions.computeIfAbsent(component, c -> snapshot.repository(c)
                .flatMap(repo ->
                        TagVersion.of(repo, snapshot.component(c).orElseThrow().commit())));
    }

    @Override
    public Settings settings() {
        return snapshot.settings();
    }

    @Override
    public FileLookup read(String component, String file) {
        Optional<Component> c = snapshot.component(component);
        if (c.isEmpty()) {
            return new FileLookup.ComponentMissing();
        }
        String mirror = snapshot.mirrorDir().map(Object::toString).orElse(null);
        Optional<Repository> repo = snapshot.repository(component);
        if (repo.isEmpty()) {
            return new FileLookup.ObjectsMissing(c.get().commit(), mirror);
        }
        try (ObjectReader reader = repo.get().newObjectReader()) {
            return lookup(
                    snapshot.settings().readLimit(),
                    reader,
                    tree(reader, component),
                    component,
                    file,
                    "at revision " + snapshot.commit().substring(0, 12));
        } catch (MissingObjectException e) {
            // an object of a commit that is here: a partial clone
            boolean partial = e.getObjectId() != null
                    && !e.getObjectId().name().equals(c.get().commit());
            return partial
                    ? new FileLookup.ObjectsMissing(
                            c.get().commit(),
                            mirror,
                            e.getObjectId().name(),
                            repo.get().getDirectory().toString())
                    : new FileLookup.ObjectsMissing(c.get().commit(), mirror);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " in " + component, e);
        }
    }

    @Override
    public boolean executable(String component, String file) {
        // a snapshot keeps a repository only for a component of its own: with one, the component is there too
        Optional<Repository> repo = snapshot.repository(component);
        if (repo.isEmpty()) {
            return false;
        }
        try (ObjectReader reader = repo.get().newObjectReader();
                TreeWalk tw = TreeWalk.forPath(reader, file, tree(reader, component))) {
            return tw != null && tw.getFileMode(0) == FileMode.EXECUTABLE_FILE;
        } catch (MissingObjectException e) {
            return false; // read() says what is missing; a mode is no reason to say it twice
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mode of " + file + " in " + component, e);
        }
    }

    /** The root tree of the commit of {@code component}: parsed on the first read only. */
    private ObjectId tree(ObjectReader reader, String component) throws IOException {
        ObjectId tree = trees.get(component);
        if (tree == null) {
            String commit = snapshot.component(component).orElseThrow().commit();
            try (RevWalk walk = new RevWalk(reader)) {
                tree = walk.parseCommit(ObjectId.fromString(commit)).getTree().copy();
            }
            trees.put(component, tree);
        }
        return tree;
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        Optional<Repository> repo = snapshot.repository(component);
        if (repo.isEmpty()) {
            return Optional.empty();
        }
        try (ObjectReader reader = repo.get().newObjectReader()) {
            return Optional.of(files(reader, tree(reader, component)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + component, e);
        }
    }

    /** {@code file} of {@code component} in {@code tree}: found when it is a regular file there, else missing. */
    public static FileLookup lookup(
            ReadLimit limit, ObjectReader reader, ObjectId tree, String component, String file, String where)
            throws IOException {
        try (TreeWalk tw = TreeWalk.forPath(reader, file, tree)) {
            if (tw == null || (tw.getFileMode(0).getBits() & FileMode.TYPE_MASK) != FileMode.TYPE_FILE) {
                return new FileLookup.FileMissing();
            }
            ObjectId blob = tw.getObjectId(0);
            return new FileLookup.Found(
                    Blobs.read(limit, reader, blob, RelativePath.join(component, file), where), blob.name());
        }
    }

    /** The paths of the regular files in {@code tree}, sorted: links and submodules are not files an entry edits. */
    static SortedSet<String> files(ObjectReader reader, ObjectId tree) throws IOException {
        SortedSet<String> out = new TreeSet<>();
        try (TreeWalk tw = new TreeWalk(reader)) {
            tw.addTree(tree);
            tw.setRecursive(true);
            while (tw.next()) {
                if ((tw.getFileMode(0).getBits() & FileMode.TYPE_MASK) == FileMode.TYPE_FILE) {
                    out.add(tw.getPathString());
                }
            }
        }
        return out;
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return snapshot.repository(component)
                .flatMap(repo -> readBlob(snapshot.settings().readLimit(), repo, blobId, component));
    }

    /** A blob of {@code component} by id, or empty when its objects do not have it. */
    static Optional<byte[]> readBlob(ReadLimit limit, Repository repo, String blobId, String component) {
        try (ObjectReader reader = repo.newObjectReader()) {
            ObjectId id = ObjectId.fromString(blobId);
            if (!reader.has(id)) {
                return Optional.empty();
            }
            return Optional.of(Blobs.read(
                    limit,
                    reader,
                    id,
                    "blob " + blobId.substring(0, Math.min(12, blobId.length())) + " of "
                            + (component.equals(Component.SUPERPROJECT) ? "the superproject" : component),
                    ""));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read blob " + blobId, e);
        }
    }

    @Override
    public Optional<String> revision() {
        return Optional.of(snapshot.commit());
    }

    @Override
    public String describe() {
        return "revision " + snapshot.commit().substring(0, 12);
    }

    @Override
    public RevisionMention describedRevision() {
        return RevisionMention.atEnd(describe(), snapshot.commit());
    }
}
