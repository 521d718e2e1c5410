package io.patchpin.patchset;

import io.patchpin.core.Hashes;

/** Builds the canonical text of an entry's definition for {@link Entry#definitionDigest()}. */
final class Definition {
    private final StringBuilder text = new StringBuilder();

    Definition add(String key, Object value) {
        text.append(key)
                .append('=')
                .append(
                        value == null
                                ? ""
                                : value.toString().replace("\\", "\\\\").replace("\0", "\\0"))
                .append('\0');
        return this;
    }

    String digest() {
        return Hashes.sha256(text.toString());
    }
}
