package io.patchpin.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
        if (data.length > CONTENT_KEPT) {
            return Hashes.sha256(data);
        }
        Content key = new Content(data);
        String known = contents.get(key);
        if (known != null) {
            return known;
        }
        String sha = Hashes.sha256(data);
        if (contents.size() >= CONTENTS_KEPT) {
            contents.clear();
        }
        contents.put(new Content(data.clone(), key.hash), sha);
        return sha;
    }

    public String sha256(String text) {
        if (text.length() > TEXT_KEPT) {
            return Hashes.sha256(text.getBytes(StandardCharsets.UTF_8));
        }
        String known = texts.get(text);
        if (known != null) {
            return known;
        }
        String sha = Hashes.sha256(text.getBytes(StandardCharsets.UTF_8));
        if (texts.size() >= TEXTS_KEPT) {
            texts.clear();
        }
        texts.put(text, sha);
        return sha;
    }

    /** A byte array as a map key, by content. */
    private record Content(byte[] bytes, int hash) {
        Content(byte[] bytes) {
            this(bytes, Arrays.hashCode(bytes));
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
