package io.patchpin.history;

import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.ForwardingFileSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;

/**
 * A file source that reads each file, listing and blob once: a base snapshot is read again at every commit of a
 * history, and entries of one set often share a file.
 */
final class CachedFileSource extends ForwardingFileSource {
    private final Map<String, FileLookup> files = new HashMap<>();
    private final Map<String, Optional<SortedSet<String>>> lists = new HashMap<>();
    private final Map<String, Optional<byte[]>> blobs = new HashMap<>();

    CachedFileSource(FileSource source) {
        super(source);
    }

    @Override
    public FileLookup read(String component, String file) {
        return files.computeIfAbsent(component + "\0" + file, k -> super.read(component, file));
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        return lists.computeIfAbsent(component, super::list);
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return blobs.computeIfAbsent(component + "\0" + blobId, k -> super.blob(component, blobId));
    }
}
