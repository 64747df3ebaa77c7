"""Small record texts more than one test module reads."""

#: a prune node without its required `name`: it must save losslessly all the same
NAMELESS_PRUNE = """record {
  key: "conv1"
  value {
    scale_d: 0.0235294122
    offset_d: -128
  }
}
prune_record {
  producer {
    attr {
      name: "begin"
      type: INT
      i: 0
    }
  }
}
"""
