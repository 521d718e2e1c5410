package io.patchpin.kind;

import io.patchpin.patchset.Entry;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An entry made again at a rebase's new base: sealed there (with the files after it, their executable bits where it
 * sets them, and a regenerated patch file for a patch), left with nothing to do there, or refused (the reason).
 */
public record Refreshed(
        Status status,
        Optional<Entry> entry,
        Map<String, Optional<byte[]>> files,
        Map<String, Boolean> executable,
        Optional<PatchFile> patchFile,
        String detail) {

    public enum Status {
        SEALED,
        EMPTY,
        REFUSED
    }

    /** A patch file to write into the patchset folder. */
    public record PatchFile(String name, byte[] bytes) {
        public PatchFile {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    public Refreshed {
        Objects.requireNonNull(status, "status");
        files = Collections.unmodifiableMap(new TreeMap<>(files));
        executable = Collections.unmodifiableMap(new TreeMap<>(executable));
    }

    static Refreshed sealed(
            Entry entry,
            Map<String, Optional<byte[]>> files,
            Map<String, Boolean> executable,
            Optional<PatchFile> patchFile) {
        return new Refreshed(Status.SEALED, Optional.of(entry), files, executable, patchFile, "");
    }

    static Refreshed empty(String why) {
        return new Refreshed(Status.EMPTY, Optional.empty(), Map.of(), Map.of(), Optional.empty(), why);
    }

    static Refreshed refused(String why) {
        return new Refreshed(Status.REFUSED, Optional.empty(), Map.of(), Map.of(), Optional.empty(), why);
    }
}
