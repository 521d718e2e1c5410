package io.patchpin.core;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The sha256 digests one run has computed, remembered: the entries of a large patchset look at the same few
 * files again and again, and hash the same contents and lines once per entry (an audit of 10,000 entries over
 * 100 files spent a third of its time there). Bounded: past its bound a memory starts afresh, and what it
 * forgot is computed again. One per run, passed to what checks the entries; safe to share between threads.
 */
public final class Digests {
    private static final int TEXT_KEPT = 1 << 9;
    private static final int TEXTS_KEPT = 1 << 14; // 20 MB at the most, with the keys and their nodes
    private static final int CONTENT_KEPT = 1 << 18;
    private static final int CONTENTS_KEPT = 64; // 16 MB at the most

    private final Map<Content, String> contents = new ConcurrentHashMap<>();
    private final Map<String, String> texts = new ConcurrentHashMap<>();

    /** The sha256 of {@code data}; the content is copied when kept, so a caller may reuse its array. */
    public String sha256(byte[] data) {
        return data.length > CONTENT_KEPT
                ? Hashes.sha256(data)
                : remembered(contents, new Content(data), CONTENTS_KEPT, k -> Hashes.sha256(data), Content::copy);
    }

    public String sha256(String text) {
        return text.length() > TEXT_KEPT
                ? Hashes.sha256(text)
                : remembered(texts, text, TEXTS_KEPT, Hashes::sha256, UnaryOperator.identity());
    }

    /** The digest known for {@code key}, else computed and kept (as {@code keep} makes it). */
    private static <K> String remembered(
            Map<K, String> memory, K key, int kept, Function<K, String> sha, UnaryOperator<K> keep) {
        String known = memory.get(key);
        if (known != null) {
            return known;
        }
        String computed = sha.apply(key);
        if (memory.size() >= kept) {
            memory.clear();
        }
        memory.put(keep.apply(key), computed);
        return computed;
    }

    /** A byte array as a map key, by content. */
    private record Content(byte[] bytes, int hash) {
        Content(byte[] bytes) {
            this(bytes, Arrays.hashCode(bytes));
        }

        Content copy() {
            return new Content(bytes.clone(), hash);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Content c && c.hash == hash && Arrays.equals(c.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
