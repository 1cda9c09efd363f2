def lookup(sku):
    return sku
