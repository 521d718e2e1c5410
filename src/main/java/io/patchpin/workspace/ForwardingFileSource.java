package io.patchpin.workspace;

import io.patchpin.core.RevisionMention;
import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import java.util.Optional;
import java.util.SortedSet;

/** A file source that answers as the one it wraps, for a subclass to change some of the answers. */
public abstract class ForwardingFileSource implements FileSource {
    private final FileSource source;

    protected ForwardingFileSource(FileSource source) {
        this.source = source;
    }

    @Override
    public FileLookup read(String component, String file) {
        return source.read(component, file);
    }

    @Override
    public boolean executable(String component, String file) {
        return source.executable(component, file);
    }

    @Override
    public Optional<SortedSet<String>> list(String component) {
        return source.list(component);
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return source.blob(component, blobId);
    }

    @Override
    public Optional<String> revision() {
        return source.revision();
    }

    @Override
    public Optional<Snapshot> revisionSnapshot() {
        return source.revisionSnapshot();
    }

    @Override
    public Optional<Version> version(String component) {
        return source.version(component);
    }

    @Override
    public Settings settings() {
        return source.settings();
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
