package io.patchpin.verify;

import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A revision's files as layers left them: each file read once from the revision, then as the layers' overlay
 * holds it. The one view of a layered tree that sealing ({@link LayerBase}) and rebase read alike.
 */
public final class LayeredFiles implements FileSource {
    private final FileSource at;
    private final Overlay overlay;

    /** @param overlay the overlay of the run of the layers' entries on {@code at} */
    public LayeredFiles(FileSource at, Overlay overlay) {
        this.at = at;
        this.overlay = overlay;
    }

    @Override
    public Settings settings() {
        return at.settings();
    }

    @Override
    public FileLookup read(String component, String file) {
        return overlay.read(new FileKey(component, file));
    }

    /** As the layers left it: a layer's patch that makes a script executable (or not) is part of the tree. */
    @Override
    public boolean executable(String component, String file) {
        return overlay.executable(new FileKey(component, file));
    }

    /** The component's files, with those the layers created or deleted. */
    @Override
    public Optional<SortedSet<String>> list(String component) {
        return at.list(component).map(files -> {
            SortedSet<String> out = new TreeSet<>(files);
            overlay.current().forEach((key, lookup) -> {
                if (key.component().equals(component)) {
                    if (lookup instanceof FileLookup.Found) {
                        out.add(key.file());
                    } else if (lookup instanceof FileLookup.FileMissing) {
                        out.remove(key.file());
                    }
                }
            });
            return out;
        });
    }

    @Override
    public Optional<byte[]> blob(String component, String blobId) {
        return at.blob(component, blobId);
    }

    @Override
    public Optional<String> revision() {
        return at.revision();
    }

    @Override
    public Optional<Version> version(String component) {
        return at.version(component);
    }

    @Override
    public Optional<Snapshot> revisionSnapshot() {
        return at.revisionSnapshot();
    }

    @Override
    public String describe() {
        return at.describe() + " with its layers";
    }
}
