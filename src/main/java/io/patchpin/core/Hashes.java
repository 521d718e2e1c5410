package io.patchpin.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/** Hex digests used by seals and lockfiles. */
public final class Hashes {
    private Hashes() {}

    public static String sha256(byte[] data) {
        return hex(digest("SHA-256").digest(data));
    }

    public static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A fresh digest of {@code algorithm}, which every JVM has (SHA-1, SHA-256). */
    public static MessageDigest digest(String algorithm) {
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
        return isLowerHex(s, 40);
    }

    public static boolean isSha256(String s) {
        return isLowerHex(s, 64);
    }

    private static boolean isLowerHex(String s, int length) {
        return s != null
                && s.length() == length
                && s.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }

    /** Rejects a record field that is not a sha256 in lowercase hex, naming the field ({@code what}). */
    public static void requireSha256(String value, String what) {
        if (!isSha256(Objects.requireNonNull(value, what))) {
            throw new IllegalArgumentException(what + " is not a sha256: " + value);
        }
    }
}
