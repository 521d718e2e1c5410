package io.patchpin.patch;

import io.patchpin.core.Settings;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** Files and blobs held in memory, for checker tests that need no repository (fixtures on disk). */
final class MemorySource implements FileSource {
    final Map<String, byte[]> files = new TreeMap<>();
    final Map<String, byte[]> blobs = new TreeMap<>();

    MemorySource file(String path, byte[] content) {
        files.put(path, content);
        blobs.put(BlobIds.of(content), content);
        return this;
    }

    MemorySource blob(byte[] content) {
        blobs.put(BlobIds.of(content), content);
        return this;
    }

    @Override
    public Settings settings() {
        return Settings.DEFAULT;
    }

    @Override
    public FileLookup read(String component, String file) {
        byte[] b = files.get(file);
        return b == null ? new FileLookup.FileMissing() : new FileLookup.Found(b, BlobIds.of(b));
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        return Optional.of(new TreeSet<>(files.keySet()));
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return Optional.ofNullable(blobs.get(blobId));
    }

    @Override
    public Optional<String> revision() {
        return Optional.empty();
    }

    @Override
    public String describe() {
        return "memory";
    }
}
