package io.patchpin.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Hex digests used by seals and lockfiles. */
public final class Hashes {
    private static final Map<String, MessageDigest> PROTOTYPES = new ConcurrentHashMap<>();
    private static final int TEXT_KEPT = 1 << 9;
    private static final int TEXTS_KEPT = 1 << 14; // 20 MB at the most, with the keys and their nodes
    private static final int CONTENT_KEPT = 1 << 18;
    private static final int CONTENTS_KEPT = 64; // 16 MB at the most
    private static final Map<Content, String> CONTENTS = new ConcurrentHashMap<>();
    private static final Map<String, String> TEXTS = new ConcurrentHashMap<>();

    private Hashes() {
    }

    /**
     * The sha256 of {@code data}, remembered by content for contents up to {@value #CONTENT_KEPT} bytes: every
     * text entry's check digests the file it looks at, and the entries of a large patchset look at the same
     * few files again and again. The content is copied, so a caller may reuse its array.
     */
    public static String sha256(byte[] data) {
        if (data.length > CONTENT_KEPT) {
            return computed(data);
        }
        Content key = new Content(data);
        String known = CONTENTS.get(key);
        if (known != null) {
            return known;
        }
        String sha = computed(data);
        if (CONTENTS.size() >= CONTENTS_KEPT) {
            CONTENTS.clear(); // the memory stays bounded; what is forgotten is computed again
        }
        CONTENTS.put(new Content(data.clone(), key.hash), sha);
        return sha;
    }

    private static String computed(byte[] data) {
        return hex(digest("SHA-256").digest(data));
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

    /**
     * The sha256 of the text's UTF-8 bytes, remembered for texts up to {@value #TEXT_KEPT} chars: checks hash
     * the same lines and windows of a file once per entry that looks at it, and C1, which short runs use, has
     * no SHA-256 intrinsic.
     */
    public static String sha256(String text) {
        if (text.length() > TEXT_KEPT) {
            return computed(text.getBytes(StandardCharsets.UTF_8)); // not kept among the contents either
        }
        String known = TEXTS.get(text);
        if (known != null) {
            return known;
        }
        String sha = computed(text.getBytes(StandardCharsets.UTF_8));
        if (TEXTS.size() >= TEXTS_KEPT) {
            TEXTS.clear(); // the memory stays bounded; what is forgotten is computed again
        }
        TEXTS.put(text, sha);
        return sha;
    }

    /**
     * A fresh digest: a copy of one made once per algorithm. MessageDigest.getInstance looks the provider up
     * and calls its constructor reflectively at every call, which costs a large patchset's seals more than
     * their hashing where the JVM reflects through its native accessors (as bin/patchpin has it).
     */
    public static MessageDigest digest(String algorithm) {
        MessageDigest prototype = PROTOTYPES.computeIfAbsent(algorithm, Hashes::newDigest);
        try {
            return (MessageDigest) prototype.clone();
        } catch (CloneNotSupportedException e) {
            return newDigest(algorithm); // a provider whose digests cannot be copied
        }
    }

    private static MessageDigest newDigest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("JVM lacks " + algorithm, e);
        }
    }

    public static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    /** The first 12 hex digits of an object id for messages, or "unknown" for null. */
    public static String abbrev(String id) {
        return id == null ? "unknown" : id.substring(0, Math.min(12, id.length()));
    }

    public static boolean isObjectId(String s) {
        return s != null && s.length() == 40 && s.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }

    public static boolean isSha256(String s) {
        return s != null && s.length() == 64 && s.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }
}
