package io.patchpin.check;

import io.patchpin.core.Digests;
import io.patchpin.core.Settings;
import io.patchpin.patchset.Patchset;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a checker sees for one entry: the current state of each file it touches (after the earlier entries of the set
 * were applied in order), the source files come from, and the patchset (for its base and folder).
 *
 * @param files       current content per file path (relative to the component)
 * @param source      where files are read (a revision or the work tree)
 * @param patchsetDir the patchset's folder (patch files live there)
 * @param patchFiles  patch files held in memory by name (a set read from a tree), read before the folder
 * @param base        per file, its content at the patchset's base before this entry (the earlier entries replayed
 *                    there), when the base objects are available: what the file's own diff since the base starts from;
 *                    empty when unknown
 * @param digests     the run's remembered digests
 */
public record EntryInput(
        Map<String, FileLookup> files,
        FileSource source,
        Patchset patchset,
        Path patchsetDir,
        Map<String, byte[]> patchFiles,
        Map<String, byte[]> base,
        Digests digests) {
    public EntryInput {
        files = Map.copyOf(files);
        patchFiles = Map.copyOf(patchFiles);
        base = Map.copyOf(base);
    }

    /** An input without patch files in memory and without the base files, with digests of its own. */
    public EntryInput(Map<String, FileLookup> files, FileSource source, Patchset patchset, Path patchsetDir) {
        this(files, source, patchset, patchsetDir, Map.of(), Map.of(), new Digests());
    }

    public Settings settings() {
        return source.settings();
    }

    public EntryInput withBase(Map<String, byte[]> baseFiles) {
        return new EntryInput(files, source, patchset, patchsetDir, patchFiles, baseFiles, digests);
    }
}
