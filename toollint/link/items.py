"""The items of a tools= list as extraction records them (Registration.offers,
extract/offers.py) and linking reads them (link/offers.py); nothing imported, so that
linking loads no libcst through them."""

AT = "@"  # (AT, "line:col"): a tool made in place there
NEW = "@()"  # (NEW, "line:col module Class"): an instance made there of a class, "" module for this one
HANDOFF = "@+"  # (HANDOFF, "line:col"): an Agents SDK handoff, made there or not made at all
UNREAD = ("?", "")  # an item not read
BESIDE = ("+", "")  # a tool none of the project's, offered in the same turn

# in Group.offers, beside a group's indices (rulekit/turn.py reads them)
OUTSIDE = -1  # a tool of another group in the same list
UNREAD_ITEM = -2  # an item no tool was matched to
