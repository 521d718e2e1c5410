package io.patchpin.workspace;

import io.patchpin.core.RevisionMention;
import io.patchpin.core.Settings;
import io.patchpin.core.Version;
import java.util.Optional;
import java.util.SortedSet;

/**
 * Where entries are checked: a superproject revision read from the object databases, or the work tree on disk. Never
 * writes.
 */
public interface FileSource {

    /** The settings of the run reading here: how large a file it reads, how costly a regex it runs. */
    Settings settings();

    /** Reads {@code file} (relative to the component) of component {@code component}. */
    FileLookup read(String component, String file);

    /**
     * Whether {@code file} of {@code component} is executable (git's 100755); false when it is not, is absent, or the
     * source does not know modes.
     */
    default boolean executable(String component, String file) {
        return false;
    }

    /** Every file path of a component, sorted; empty when the component cannot be read. */
    Optional<SortedSet<String>> list(String component);

    /** A blob by id from the component's object databases (for 3-way merges from sealed bases). */
    Optional<byte[]> blob(String component, String blobId);

    /** The superproject commit read; empty, as here, for the work tree and the commits checked out in it. */
    default Optional<String> revision() {
        return Optional.empty();
    }

    /**
     * The superproject revision read, as a snapshot, when this source reads one: what a layered set's layers are
     * expanded at when its seals are replayed at its base.
     */
    default Optional<Snapshot> revisionSnapshot() {
        return Optional.empty();
    }

    /** The version of {@code component} read here, from its release tags ({@link TagVersion}); empty when unknown. */
    default Optional<Version> version(String component) {
        return Optional.empty();
    }

    /** "work tree" or "revision abc1234", for messages. */
    String describe();

    /** Where {@link #describe()} names the superproject revision read: NONE, as here, when it names none. */
    default RevisionMention describedRevision() {
        return RevisionMention.NONE;
    }
}
