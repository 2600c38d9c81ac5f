package dev.forkline.trace;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Jackson's node factory, except that an object's members are held in {@link ObjectMembers}. */
final class TreeNodes extends JsonNodeFactory {

    static final TreeNodes INSTANCE = new TreeNodes();

    private TreeNodes() {
    }

    @Override
    public ObjectNode objectNode() {
        return new ObjectNode(this, new ObjectMembers());
    }
}
