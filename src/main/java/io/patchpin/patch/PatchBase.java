package io.patchpin.patch;

import io.patchpin.workspace.FileLookup;
import java.util.Collection;
import java.util.Optional;

/** The files a new patch is sealed against: the base with the set's earlier entries applied. */
public interface PatchBase {

    /** The file's content at the base after the earlier entries. */
    FileLookup read(String component, String file);

    /** Why some of these files are not known at the base after the earlier entries, if so. */
    Optional<String> unknownWhy(String component, Collection<String> files);
}
