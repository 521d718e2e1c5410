package io.patchpin.patchset;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A unified diff stored as a file in the patchset folder.
 *
 * @param patch     file name of the patch inside the patchset folder
 * @param directory subfolder of the component the patch paths are relative to ("" for the component root)
 * @param strip     leading path components stripped from the patch's paths ({@code -p N})
 * @param files     touched files relative to the component (after strip and directory), sorted
 * @param author    "Name <mail>" from a format-patch mail, or ""
 * @param subject   subject line from a format-patch mail, or ""
 * @param fuzz      the fuzz factor it was imported with (the distro applies it with GNU patch's fuzz), 0 for none:
 *                  sealed as GNU patch leaves the files; wherever it still needs fuzz, verify says FUZZ
 */
public record PatchEntry(
        Common common,
        String patch,
        String directory,
        int strip,
        List<String> files,
        String author,
        String subject,
        int fuzz,
        Optional<PatchSeal> seal)
        implements Entry {
    /** The most fuzz an entry may be imported with: GNU patch's default, as the distros apply it. */
    public static final int MAX_FUZZ = 2;

    public PatchEntry {
        Objects.requireNonNull(common, "common");
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(seal, "seal");
        directory = directory == null ? "" : directory;
        files = List.copyOf(files);
        author = author == null ? "" : author;
        subject = subject == null ? "" : subject;
        if (strip < 0) {
            throw new IllegalArgumentException("strip < 0");
        }
        if (fuzz < 0 || fuzz > MAX_FUZZ) {
            throw new IllegalArgumentException("fuzz must be 0 to " + MAX_FUZZ + " (GNU patch's default is 2)");
        }
    }

    @Override
    public Optional<String> patchFile() {
        return Optional.of(patch);
    }

    @Override
    public Kind kind() {
        return Kind.PATCH;
    }

    /** The digest covers the patch file through the seal's patch hash, not its bytes. */
    @Override
    public String definitionDigest() {
        Definition d = common.definition(Kind.PATCH)
                .add("patch", patch)
                .add("directory", directory)
                .add("strip", strip)
                .add("files", String.join("\n", files));
        // the fuzz decides the sealed result; an entry without it keeps the digest it always had
        return (fuzz > 0 ? d.add("fuzz", fuzz) : d).digest();
    }

    @Override
    public PatchEntry with(Common c, Optional<? extends Seal> seal) {
        return new PatchEntry(
                c, patch, directory, strip, files, author, subject, fuzz, seal.map(PatchSeal.class::cast));
    }
}
