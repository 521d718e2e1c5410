package io.patchpin.patchset;

import io.patchpin.core.RelativePath;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What lies below a patchset, bottom first: another patchset folder (a path relative to this set's
 * folder), or TheRock's own {@code patches/<tag>} folder, read from the superproject at the revision
 * being checked, so that at every revision the layer is what {@code fetch_sources.py} would apply there.
 * Written as the CLI takes it: {@code ../shared} or {@code therock:amd-mainline}.
 */
public record Layer(Kind kind, String value) {
    /** The prefix naming TheRock's patches folder by tag. */
    public static final String THEROCK = "therock:";

    /** What a TheRock layer's entries are: its {@code patches/<tag>} holds the patches {@code git am} applies. */
    public static final Entry.Kind THEROCK_ENTRIES = Entry.Kind.PATCH;

    private static final Pattern TAG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    public enum Kind {
        PATCHSET,
        THEROCK
    }

    public Layer {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(value, "value");
    }

    /** A layer from its written form; IllegalArgumentException naming it when it is not one. */
    public static Layer parse(String text) {
        if (text.startsWith(THEROCK)) {
            String tag = text.substring(THEROCK.length());
            if (!TAG.matcher(tag).matches()) {
                throw new IllegalArgumentException(
                        "layer '" + text + "': a TheRock tag is letters, digits, '.', '_', '-'");
            }
            return new Layer(Kind.THEROCK, tag);
        }
        String path = text.replace('\\', '/').replaceAll("/+$", "");
        if (path.isEmpty() || path.startsWith("/") || path.equals(".") || path.contains("\u0000")) {
            throw new IllegalArgumentException(
                    "layer '" + text + "' must be a patchset folder relative to this one, or " + THEROCK + "TAG");
        }
        return new Layer(Kind.PATCHSET, path);
    }

    public Optional<String> tag() {
        return kind == Kind.THEROCK ? Optional.of(value) : Optional.empty();
    }

    /** As written in patchset.toml and on the command line. */
    @Override
    public String toString() {
        return kind == Kind.THEROCK ? THEROCK + value : value;
    }

    /** TheRock's folder of this layer in the superproject ({@code patches/<tag>}); only for THEROCK. */
    public String therockFolder() {
        return RelativePath.join("patches", value);
    }
}
