package io.patchpin.testkit;

import io.patchpin.core.Settings;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.util.Optional;
import java.util.SortedSet;

/**
 * A file source holding no files, for checks whose bytes are handed in directly: every read gives {@code answer}
 * (a missing file, unless told otherwise, e.g. a component not checked out).
 */
public record NoFiles(String describe, FileLookup answer) implements FileSource {
    public NoFiles(String describe) {
        this(describe, new FileLookup.FileMissing());
    }

    @Override
    public Settings settings() {
        return Settings.DEFAULT;
    }

    @Override
    public FileLookup read(String component, String file) {
        return answer;
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        return Optional.empty();
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return Optional.empty();
    }

    @Override
    public Optional<String> revision() {
        return Optional.empty();
    }
}
