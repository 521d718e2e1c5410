package io.patchpin.history;

import io.patchpin.core.RevisionMention;
import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;

/**
 * A file source that reads each file, listing and blob once: a base snapshot
 * is read again at every commit of a history, and entries of one set often
 * share a file.
 */
final class CachedFileSource implements FileSource {
    private final FileSource source;
    private final Map<String, FileLookup> files = new HashMap<>();
    private final Map<String, Optional<SortedSet<String>>> lists = new HashMap<>();
    private final Map<String, Optional<byte[]>> blobs = new HashMap<>();

    CachedFileSource(FileSource source) {
        this.source = source;
    }

    @Override
    public Settings settings() {
        return source.settings();
    }

    @Override
    public FileLookup read(String component, String file) {
        return files.computeIfAbsent(component + "\0" + file, k -> source.read(component, file));
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        return lists.computeIfAbsent(component, source::list);
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return blobs.computeIfAbsent(component + "\0" + blobId, k -> source.blob(component, blobId));
    }

    @Override
    public Optional<String> revision() {
        return source.revision();
    }

    @Override
    public Optional<Version> version(String component) {
        return source.version(component);
    }

    @Override
    public Optional<Snapshot> revisionSnapshot() {
        return source.revisionSnapshot();
    }

    @Override
    public String describe() {
        return source.describe();
    }

    @Override
    public RevisionMention describedRevision() {
        return source.describedRevision();
    }
}
