package io.patchpin.workspace;

/** What reading one file of one component gave. */
public sealed interface FileLookup {

    /** The file's bytes; {@code blobId} is the 40-hex blob id when read from a revision, else null. */
    record Found(byte[] content, String blobId) implements FileLookup {
    }

    /** The component is there but the file is not. */
    record FileMissing() implements FileLookup {
    }

    /** The path is not a submodule (or not checked out) where it is looked for. */
    record ComponentMissing() implements FileLookup {
    }

    /** The component's commit is in no local object database; {@code mirror} is the mirror folder searched, or null. */
    record ObjectsMissing(String commit, String mirror) implements FileLookup {
        public ObjectsMissing(String commit) {
            this(commit, null);
        }

        /** What to do: suggest --mirror-dir only when none was given. */
        public String hint() {
            return mirror == null ? "fetch it or pass --mirror-dir" : "fetch it, into the mirror " + mirror + " or the submodule";
        }
    }
}
