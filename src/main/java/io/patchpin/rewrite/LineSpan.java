package io.patchpin.rewrite;

/** The 0-based lines {@code first} up to, not including, {@code end}; an empty span is the gap before {@code first}. */
record LineSpan(int first, int end) {
    int count() {
        return end - first;
    }
}
