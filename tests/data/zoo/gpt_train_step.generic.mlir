"builtin.module"() <{sym_name = "jit_gpt_train_step"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}], function_type = (tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<i32>, tensor<8x16xi32>, tensor<8x16xi32>) -> (tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<i32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['blocks'][0]['b_in']"}, {jax.result_info = "result[0]['blocks'][0]['b_out']"}, {jax.result_info = "result[0]['blocks'][0]['ln1_bias']"}, {jax.result_info = "result[0]['blocks'][0]['ln1_scale']"}, {jax.result_info = "result[0]['blocks'][0]['ln2_bias']"}, {jax.result_info = "result[0]['blocks'][0]['ln2_scale']"}, {jax.result_info = "result[0]['blocks'][0]['w_in']"}, {jax.result_info = "result[0]['blocks'][0]['w_out']"}, {jax.result_info = "result[0]['blocks'][0]['wk']"}, {jax.result_info = "result[0]['blocks'][0]['wo']"}, {jax.result_info = "result[0]['blocks'][0]['wq']"}, {jax.result_info = "result[0]['blocks'][0]['wv']"}, {jax.result_info = "result[0]['blocks'][1]['b_in']"}, {jax.result_info = "result[0]['blocks'][1]['b_out']"}, {jax.result_info = "result[0]['blocks'][1]['ln1_bias']"}, {jax.result_info = "result[0]['blocks'][1]['ln1_scale']"}, {jax.result_info = "result[0]['blocks'][1]['ln2_bias']"}, {jax.result_info = "result[0]['blocks'][1]['ln2_scale']"}, {jax.result_info = "result[0]['blocks'][1]['w_in']"}, {jax.result_info = "result[0]['blocks'][1]['w_out']"}, {jax.result_info = "result[0]['blocks'][1]['wk']"}, {jax.result_info = "result[0]['blocks'][1]['wo']"}, {jax.result_info = "result[0]['blocks'][1]['wq']"}, {jax.result_info = "result[0]['blocks'][1]['wv']"}, {jax.result_info = "result[0]['lnf_bias']"}, {jax.result_info = "result[0]['lnf_scale']"}, {jax.result_info = "result[0]['wpe']"}, {jax.result_info = "result[0]['wte']"}, {jax.result_info = "result[1]['blocks'][0]['b_in']"}, {jax.result_info = "result[1]['blocks'][0]['b_out']"}, {jax.result_info = "result[1]['blocks'][0]['ln1_bias']"}, {jax.result_info = "result[1]['blocks'][0]['ln1_scale']"}, {jax.result_info = "result[1]['blocks'][0]['ln2_bias']"}, {jax.result_info = "result[1]['blocks'][0]['ln2_scale']"}, {jax.result_info = "result[1]['blocks'][0]['w_in']"}, {jax.result_info = "result[1]['blocks'][0]['w_out']"}, {jax.result_info = "result[1]['blocks'][0]['wk']"}, {jax.result_info = "result[1]['blocks'][0]['wo']"}, {jax.result_info = "result[1]['blocks'][0]['wq']"}, {jax.result_info = "result[1]['blocks'][0]['wv']"}, {jax.result_info = "result[1]['blocks'][1]['b_in']"}, {jax.result_info = "result[1]['blocks'][1]['b_out']"}, {jax.result_info = "result[1]['blocks'][1]['ln1_bias']"}, {jax.result_info = "result[1]['blocks'][1]['ln1_scale']"}, {jax.result_info = "result[1]['blocks'][1]['ln2_bias']"}, {jax.result_info = "result[1]['blocks'][1]['ln2_scale']"}, {jax.result_info = "result[1]['blocks'][1]['w_in']"}, {jax.result_info = "result[1]['blocks'][1]['w_out']"}, {jax.result_info = "result[1]['blocks'][1]['wk']"}, {jax.result_info = "result[1]['blocks'][1]['wo']"}, {jax.result_info = "result[1]['blocks'][1]['wq']"}, {jax.result_info = "result[1]['blocks'][1]['wv']"}, {jax.result_info = "result[1]['lnf_bias']"}, {jax.result_info = "result[1]['lnf_scale']"}, {jax.result_info = "result[1]['wpe']"}, {jax.result_info = "result[1]['wte']"}, {jax.result_info = "result[2]['blocks'][0]['b_in']"}, {jax.result_info = "result[2]['blocks'][0]['b_out']"}, {jax.result_info = "result[2]['blocks'][0]['ln1_bias']"}, {jax.result_info = "result[2]['blocks'][0]['ln1_scale']"}, {jax.result_info = "result[2]['blocks'][0]['ln2_bias']"}, {jax.result_info = "result[2]['blocks'][0]['ln2_scale']"}, {jax.result_info = "result[2]['blocks'][0]['w_in']"}, {jax.result_info = "result[2]['blocks'][0]['w_out']"}, {jax.result_info = "result[2]['blocks'][0]['wk']"}, {jax.result_info = "result[2]['blocks'][0]['wo']"}, {jax.result_info = "result[2]['blocks'][0]['wq']"}, {jax.result_info = "result[2]['blocks'][0]['wv']"}, {jax.result_info = "result[2]['blocks'][1]['b_in']"}, {jax.result_info = "result[2]['blocks'][1]['b_out']"}, {jax.result_info = "result[2]['blocks'][1]['ln1_bias']"}, {jax.result_info = "result[2]['blocks'][1]['ln1_scale']"}, {jax.result_info = "result[2]['blocks'][1]['ln2_bias']"}, {jax.result_info = "result[2]['blocks'][1]['ln2_scale']"}, {jax.result_info = "result[2]['blocks'][1]['w_in']"}, {jax.result_info = "result[2]['blocks'][1]['w_out']"}, {jax.result_info = "result[2]['blocks'][1]['wk']"}, {jax.result_info = "result[2]['blocks'][1]['wo']"}, {jax.result_info = "result[2]['blocks'][1]['wq']"}, {jax.result_info = "result[2]['blocks'][1]['wv']"}, {jax.result_info = "result[2]['lnf_bias']"}, {jax.result_info = "result[2]['lnf_scale']"}, {jax.result_info = "result[2]['wpe']"}, {jax.result_info = "result[2]['wte']"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg37: tensor<256xf32>, %arg38: tensor<64xf32>, %arg39: tensor<64xf32>, %arg40: tensor<64xf32>, %arg41: tensor<64xf32>, %arg42: tensor<64xf32>, %arg43: tensor<64x256xf32>, %arg44: tensor<256x64xf32>, %arg45: tensor<64x64xf32>, %arg46: tensor<64x64xf32>, %arg47: tensor<64x64xf32>, %arg48: tensor<64x64xf32>, %arg49: tensor<256xf32>, %arg50: tensor<64xf32>, %arg51: tensor<64xf32>, %arg52: tensor<64xf32>, %arg53: tensor<64xf32>, %arg54: tensor<64xf32>, %arg55: tensor<64x256xf32>, %arg56: tensor<256x64xf32>, %arg57: tensor<64x64xf32>, %arg58: tensor<64x64xf32>, %arg59: tensor<64x64xf32>, %arg60: tensor<64x64xf32>, %arg61: tensor<64xf32>, %arg62: tensor<64xf32>, %arg63: tensor<16x64xf32>, %arg64: tensor<128x64xf32>, %arg65: tensor<256xf32>, %arg66: tensor<64xf32>, %arg67: tensor<64xf32>, %arg68: tensor<64xf32>, %arg69: tensor<64xf32>, %arg70: tensor<64xf32>, %arg71: tensor<64x256xf32>, %arg72: tensor<256x64xf32>, %arg73: tensor<64x64xf32>, %arg74: tensor<64x64xf32>, %arg75: tensor<64x64xf32>, %arg76: tensor<64x64xf32>, %arg77: tensor<256xf32>, %arg78: tensor<64xf32>, %arg79: tensor<64xf32>, %arg80: tensor<64xf32>, %arg81: tensor<64xf32>, %arg82: tensor<64xf32>, %arg83: tensor<64x256xf32>, %arg84: tensor<256x64xf32>, %arg85: tensor<64x64xf32>, %arg86: tensor<64x64xf32>, %arg87: tensor<64x64xf32>, %arg88: tensor<64x64xf32>, %arg89: tensor<64xf32>, %arg90: tensor<64xf32>, %arg91: tensor<16x64xf32>, %arg92: tensor<128x64xf32>, %arg93: tensor<256xf32>, %arg94: tensor<64xf32>, %arg95: tensor<64xf32>, %arg96: tensor<64xf32>, %arg97: tensor<64xf32>, %arg98: tensor<64xf32>, %arg99: tensor<64x256xf32>, %arg100: tensor<256x64xf32>, %arg101: tensor<64x64xf32>, %arg102: tensor<64x64xf32>, %arg103: tensor<64x64xf32>, %arg104: tensor<64x64xf32>, %arg105: tensor<256xf32>, %arg106: tensor<64xf32>, %arg107: tensor<64xf32>, %arg108: tensor<64xf32>, %arg109: tensor<64xf32>, %arg110: tensor<64xf32>, %arg111: tensor<64x256xf32>, %arg112: tensor<256x64xf32>, %arg113: tensor<64x64xf32>, %arg114: tensor<64x64xf32>, %arg115: tensor<64x64xf32>, %arg116: tensor<64x64xf32>, %arg117: tensor<64xf32>, %arg118: tensor<64xf32>, %arg119: tensor<16x64xf32>, %arg120: tensor<128x64xf32>, %arg121: tensor<i32>, %arg122: tensor<8x16xi32>, %arg123: tensor<8x16xi32>):
    %101:2 = "func.call"(%arg64, %arg122) <{callee = @_take}> : (tensor<128x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %102 = "stablehlo.broadcast_in_dim"(%arg63) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<16x64xf32>) -> tensor<1x16x64xf32>
    %103 = "stablehlo.broadcast_in_dim"(%102) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x16x64xf32>) -> tensor<8x16x64xf32>
    %104 = "stablehlo.add"(%101#0, %103) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %105 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %106 = "stablehlo.reduce"(%104, %105) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg270: tensor<f32>, %arg271: tensor<f32>):
      %1562 = "stablehlo.add"(%arg270, %arg271) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1562) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %107 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %108 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %109 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %110 = "stablehlo.divide"(%107, %109) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %111 = "stablehlo.broadcast_in_dim"(%110) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %112 = "stablehlo.subtract"(%104, %111) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %113 = "chlo.square"(%112) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %114 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %115 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %116 = "stablehlo.multiply"(%115, %112) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %117 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %118 = "stablehlo.reduce"(%113, %117) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg268: tensor<f32>, %arg269: tensor<f32>):
      %1561 = "stablehlo.add"(%arg268, %arg269) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1561) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %119 = "stablehlo.broadcast_in_dim"(%118) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %120 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %121 = "stablehlo.broadcast_in_dim"(%120) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %122 = "stablehlo.divide"(%119, %121) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %123 = "stablehlo.broadcast_in_dim"(%110) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %124 = "stablehlo.subtract"(%104, %123) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %125 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %126 = "stablehlo.broadcast_in_dim"(%125) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %127 = "stablehlo.add"(%122, %126) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %128 = "stablehlo.rsqrt"(%127) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %129 = "stablehlo.divide"(%128, %127) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %130 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %131 = "stablehlo.broadcast_in_dim"(%130) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %132 = "stablehlo.multiply"(%131, %129) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %133 = "stablehlo.broadcast_in_dim"(%128) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %134 = "stablehlo.multiply"(%124, %133) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %135 = "stablehlo.broadcast_in_dim"(%arg40) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %136 = "stablehlo.broadcast_in_dim"(%135) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %137 = "stablehlo.multiply"(%134, %136) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %138 = "stablehlo.broadcast_in_dim"(%arg39) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %139 = "stablehlo.broadcast_in_dim"(%138) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %140 = "stablehlo.add"(%137, %139) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %141 = "stablehlo.dot_general"(%140, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %142 = "stablehlo.reshape"(%141) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %143 = "stablehlo.dot_general"(%140, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %144 = "stablehlo.reshape"(%143) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %145 = "stablehlo.dot_general"(%140, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %146 = "stablehlo.reshape"(%145) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %147 = "stablehlo.dot_general"(%142, %144) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %148 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %149 = "stablehlo.broadcast_in_dim"(%148) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %150 = "stablehlo.divide"(%147, %149) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %151 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %152 = "stablehlo.broadcast_in_dim"(%151) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %153 = "func.call"(%152) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %154 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %155:2 = "func.call"(%153, %150, %154) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<8x4x16x16xf32>, tensor<f32>) -> (tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>)
    %156 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %157 = "stablehlo.reduce"(%155#0, %156) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg266: tensor<f32>, %arg267: tensor<f32>):
      %1560 = "stablehlo.maximum"(%arg266, %arg267) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1560) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %158 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %159 = "stablehlo.broadcast_in_dim"(%158) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16xf32>
    %160 = "stablehlo.maximum"(%159, %157) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
    %161 = "stablehlo.broadcast_in_dim"(%160) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %162 = "stablehlo.broadcast_in_dim"(%161) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %163 = "stablehlo.subtract"(%155#0, %162) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %164 = "stablehlo.exponential"(%163) : (tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %165 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %166 = "stablehlo.reduce"(%164, %165) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg264: tensor<f32>, %arg265: tensor<f32>):
      %1559 = "stablehlo.add"(%arg264, %arg265) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1559) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %167 = "stablehlo.broadcast_in_dim"(%166) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %168 = "stablehlo.broadcast_in_dim"(%167) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %169 = "stablehlo.divide"(%164, %168) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %170 = "stablehlo.multiply"(%167, %167) : (tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %171 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %172 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %173 = "stablehlo.divide"(%172, %170) : (tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %174 = "stablehlo.dot_general"(%146, %169) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %175 = "stablehlo.transpose"(%174) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %176 = "stablehlo.reshape"(%175) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %177 = "stablehlo.dot_general"(%176, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %178 = "stablehlo.add"(%104, %177) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %179 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %180 = "stablehlo.reduce"(%178, %179) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg262: tensor<f32>, %arg263: tensor<f32>):
      %1558 = "stablehlo.add"(%arg262, %arg263) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1558) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %181 = "stablehlo.broadcast_in_dim"(%180) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %182 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %183 = "stablehlo.broadcast_in_dim"(%182) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %184 = "stablehlo.divide"(%181, %183) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %185 = "stablehlo.broadcast_in_dim"(%184) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %186 = "stablehlo.subtract"(%178, %185) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %187 = "chlo.square"(%186) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %188 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %189 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %190 = "stablehlo.multiply"(%189, %186) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %191 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %192 = "stablehlo.reduce"(%187, %191) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg260: tensor<f32>, %arg261: tensor<f32>):
      %1557 = "stablehlo.add"(%arg260, %arg261) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1557) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %193 = "stablehlo.broadcast_in_dim"(%192) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %194 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %195 = "stablehlo.broadcast_in_dim"(%194) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %196 = "stablehlo.divide"(%193, %195) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %197 = "stablehlo.broadcast_in_dim"(%184) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %198 = "stablehlo.subtract"(%178, %197) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %199 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %200 = "stablehlo.broadcast_in_dim"(%199) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %201 = "stablehlo.add"(%196, %200) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %202 = "stablehlo.rsqrt"(%201) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %203 = "stablehlo.divide"(%202, %201) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %204 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %205 = "stablehlo.broadcast_in_dim"(%204) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %206 = "stablehlo.multiply"(%205, %203) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %207 = "stablehlo.broadcast_in_dim"(%202) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %208 = "stablehlo.multiply"(%198, %207) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %209 = "stablehlo.broadcast_in_dim"(%arg42) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %210 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %211 = "stablehlo.multiply"(%208, %210) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %212 = "stablehlo.broadcast_in_dim"(%arg41) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %213 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %214 = "stablehlo.add"(%211, %213) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %215 = "stablehlo.dot_general"(%214, %arg43) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %216 = "stablehlo.broadcast_in_dim"(%arg37) <{broadcast_dimensions = array<i64: 2>}> : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %217 = "stablehlo.broadcast_in_dim"(%216) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %218 = "stablehlo.add"(%215, %217) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %219 = "stablehlo.multiply"(%218, %218) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %220 = "stablehlo.multiply"(%219, %218) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %221 = "stablehlo.multiply"(%218, %218) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %222 = "stablehlo.constant"() <{value = dense<3.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %223 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %224 = "stablehlo.multiply"(%223, %221) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %225 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %226 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %227 = "stablehlo.multiply"(%226, %220) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %228 = "stablehlo.add"(%218, %227) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %229 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %230 = "stablehlo.broadcast_in_dim"(%229) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %231 = "stablehlo.multiply"(%230, %228) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %232 = "stablehlo.tanh"(%231) : (tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %233 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %234 = "stablehlo.broadcast_in_dim"(%233) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %235 = "stablehlo.subtract"(%234, %232) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %236 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %237 = "stablehlo.broadcast_in_dim"(%236) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %238 = "stablehlo.add"(%237, %232) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %239 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %240 = "stablehlo.broadcast_in_dim"(%239) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %241 = "stablehlo.multiply"(%240, %238) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %242 = "stablehlo.multiply"(%218, %241) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %243 = "stablehlo.dot_general"(%242, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %244 = "stablehlo.broadcast_in_dim"(%arg38) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %245 = "stablehlo.broadcast_in_dim"(%244) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %246 = "stablehlo.add"(%243, %245) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %247 = "stablehlo.add"(%178, %246) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %248 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %249 = "stablehlo.reduce"(%247, %248) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg258: tensor<f32>, %arg259: tensor<f32>):
      %1556 = "stablehlo.add"(%arg258, %arg259) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1556) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %250 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %251 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %252 = "stablehlo.broadcast_in_dim"(%251) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %253 = "stablehlo.divide"(%250, %252) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %254 = "stablehlo.broadcast_in_dim"(%253) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %255 = "stablehlo.subtract"(%247, %254) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %256 = "chlo.square"(%255) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %257 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %258 = "stablehlo.broadcast_in_dim"(%257) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %259 = "stablehlo.multiply"(%258, %255) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %260 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %261 = "stablehlo.reduce"(%256, %260) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg256: tensor<f32>, %arg257: tensor<f32>):
      %1555 = "stablehlo.add"(%arg256, %arg257) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1555) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %262 = "stablehlo.broadcast_in_dim"(%261) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %263 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %264 = "stablehlo.broadcast_in_dim"(%263) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %265 = "stablehlo.divide"(%262, %264) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %266 = "stablehlo.broadcast_in_dim"(%253) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %267 = "stablehlo.subtract"(%247, %266) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %268 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %269 = "stablehlo.broadcast_in_dim"(%268) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %270 = "stablehlo.add"(%265, %269) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %271 = "stablehlo.rsqrt"(%270) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %272 = "stablehlo.divide"(%271, %270) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %273 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %274 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %275 = "stablehlo.multiply"(%274, %272) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %276 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %277 = "stablehlo.multiply"(%267, %276) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %278 = "stablehlo.broadcast_in_dim"(%arg52) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %279 = "stablehlo.broadcast_in_dim"(%278) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %280 = "stablehlo.multiply"(%277, %279) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %281 = "stablehlo.broadcast_in_dim"(%arg51) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %282 = "stablehlo.broadcast_in_dim"(%281) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %283 = "stablehlo.add"(%280, %282) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %284 = "stablehlo.dot_general"(%283, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %285 = "stablehlo.reshape"(%284) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %286 = "stablehlo.dot_general"(%283, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %287 = "stablehlo.reshape"(%286) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %288 = "stablehlo.dot_general"(%283, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %289 = "stablehlo.reshape"(%288) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %290 = "stablehlo.dot_general"(%285, %287) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %291 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %292 = "stablehlo.broadcast_in_dim"(%291) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %293 = "stablehlo.divide"(%290, %292) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %294 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %295 = "stablehlo.broadcast_in_dim"(%294) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %296 = "func.call"(%295) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %297 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %298:2 = "func.call"(%296, %293, %297) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<8x4x16x16xf32>, tensor<f32>) -> (tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>)
    %299 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %300 = "stablehlo.reduce"(%298#0, %299) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg254: tensor<f32>, %arg255: tensor<f32>):
      %1554 = "stablehlo.maximum"(%arg254, %arg255) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1554) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %301 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %302 = "stablehlo.broadcast_in_dim"(%301) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16xf32>
    %303 = "stablehlo.maximum"(%302, %300) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
    %304 = "stablehlo.broadcast_in_dim"(%303) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %305 = "stablehlo.broadcast_in_dim"(%304) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %306 = "stablehlo.subtract"(%298#0, %305) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %307 = "stablehlo.exponential"(%306) : (tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %308 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %309 = "stablehlo.reduce"(%307, %308) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg252: tensor<f32>, %arg253: tensor<f32>):
      %1553 = "stablehlo.add"(%arg252, %arg253) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1553) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %310 = "stablehlo.broadcast_in_dim"(%309) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %311 = "stablehlo.broadcast_in_dim"(%310) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %312 = "stablehlo.divide"(%307, %311) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %313 = "stablehlo.multiply"(%310, %310) : (tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %314 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %315 = "stablehlo.broadcast_in_dim"(%314) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %316 = "stablehlo.divide"(%315, %313) : (tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %317 = "stablehlo.dot_general"(%289, %312) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %318 = "stablehlo.transpose"(%317) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %319 = "stablehlo.reshape"(%318) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %320 = "stablehlo.dot_general"(%319, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %321 = "stablehlo.add"(%247, %320) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %322 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %323 = "stablehlo.reduce"(%321, %322) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg250: tensor<f32>, %arg251: tensor<f32>):
      %1552 = "stablehlo.add"(%arg250, %arg251) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1552) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %324 = "stablehlo.broadcast_in_dim"(%323) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %325 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %326 = "stablehlo.broadcast_in_dim"(%325) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %327 = "stablehlo.divide"(%324, %326) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %328 = "stablehlo.broadcast_in_dim"(%327) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %329 = "stablehlo.subtract"(%321, %328) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %330 = "chlo.square"(%329) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %331 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %332 = "stablehlo.broadcast_in_dim"(%331) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %333 = "stablehlo.multiply"(%332, %329) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %334 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %335 = "stablehlo.reduce"(%330, %334) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg248: tensor<f32>, %arg249: tensor<f32>):
      %1551 = "stablehlo.add"(%arg248, %arg249) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1551) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %336 = "stablehlo.broadcast_in_dim"(%335) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %337 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %338 = "stablehlo.broadcast_in_dim"(%337) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %339 = "stablehlo.divide"(%336, %338) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %340 = "stablehlo.broadcast_in_dim"(%327) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %341 = "stablehlo.subtract"(%321, %340) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %342 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %343 = "stablehlo.broadcast_in_dim"(%342) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %344 = "stablehlo.add"(%339, %343) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %345 = "stablehlo.rsqrt"(%344) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %346 = "stablehlo.divide"(%345, %344) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %347 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %348 = "stablehlo.broadcast_in_dim"(%347) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %349 = "stablehlo.multiply"(%348, %346) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %350 = "stablehlo.broadcast_in_dim"(%345) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %351 = "stablehlo.multiply"(%341, %350) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %352 = "stablehlo.broadcast_in_dim"(%arg54) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %353 = "stablehlo.broadcast_in_dim"(%352) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %354 = "stablehlo.multiply"(%351, %353) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %355 = "stablehlo.broadcast_in_dim"(%arg53) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %356 = "stablehlo.broadcast_in_dim"(%355) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %357 = "stablehlo.add"(%354, %356) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %358 = "stablehlo.dot_general"(%357, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %359 = "stablehlo.broadcast_in_dim"(%arg49) <{broadcast_dimensions = array<i64: 2>}> : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %360 = "stablehlo.broadcast_in_dim"(%359) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %361 = "stablehlo.add"(%358, %360) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %362 = "stablehlo.multiply"(%361, %361) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %363 = "stablehlo.multiply"(%362, %361) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %364 = "stablehlo.multiply"(%361, %361) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %365 = "stablehlo.constant"() <{value = dense<3.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %366 = "stablehlo.broadcast_in_dim"(%365) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %367 = "stablehlo.multiply"(%366, %364) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %368 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %369 = "stablehlo.broadcast_in_dim"(%368) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %370 = "stablehlo.multiply"(%369, %363) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %371 = "stablehlo.add"(%361, %370) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %372 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %373 = "stablehlo.broadcast_in_dim"(%372) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %374 = "stablehlo.multiply"(%373, %371) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %375 = "stablehlo.tanh"(%374) : (tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %376 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %377 = "stablehlo.broadcast_in_dim"(%376) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %378 = "stablehlo.subtract"(%377, %375) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %379 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %380 = "stablehlo.broadcast_in_dim"(%379) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %381 = "stablehlo.add"(%380, %375) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %382 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %383 = "stablehlo.broadcast_in_dim"(%382) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %384 = "stablehlo.multiply"(%383, %381) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %385 = "stablehlo.multiply"(%361, %384) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %386 = "stablehlo.dot_general"(%385, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %387 = "stablehlo.broadcast_in_dim"(%arg50) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %388 = "stablehlo.broadcast_in_dim"(%387) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %389 = "stablehlo.add"(%386, %388) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %390 = "stablehlo.add"(%321, %389) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %391 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %392 = "stablehlo.reduce"(%390, %391) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg246: tensor<f32>, %arg247: tensor<f32>):
      %1550 = "stablehlo.add"(%arg246, %arg247) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1550) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %393 = "stablehlo.broadcast_in_dim"(%392) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %394 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %395 = "stablehlo.broadcast_in_dim"(%394) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %396 = "stablehlo.divide"(%393, %395) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %397 = "stablehlo.broadcast_in_dim"(%396) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %398 = "stablehlo.subtract"(%390, %397) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %399 = "chlo.square"(%398) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %400 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %401 = "stablehlo.broadcast_in_dim"(%400) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %402 = "stablehlo.multiply"(%401, %398) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %403 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %404 = "stablehlo.reduce"(%399, %403) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg244: tensor<f32>, %arg245: tensor<f32>):
      %1549 = "stablehlo.add"(%arg244, %arg245) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1549) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %405 = "stablehlo.broadcast_in_dim"(%404) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %406 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %407 = "stablehlo.broadcast_in_dim"(%406) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %408 = "stablehlo.divide"(%405, %407) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %409 = "stablehlo.broadcast_in_dim"(%396) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %410 = "stablehlo.subtract"(%390, %409) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %411 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %412 = "stablehlo.broadcast_in_dim"(%411) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %413 = "stablehlo.add"(%408, %412) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %414 = "stablehlo.rsqrt"(%413) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %415 = "stablehlo.divide"(%414, %413) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %416 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %417 = "stablehlo.broadcast_in_dim"(%416) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %418 = "stablehlo.multiply"(%417, %415) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %419 = "stablehlo.broadcast_in_dim"(%414) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %420 = "stablehlo.multiply"(%410, %419) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %421 = "stablehlo.broadcast_in_dim"(%arg62) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %422 = "stablehlo.broadcast_in_dim"(%421) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %423 = "stablehlo.multiply"(%420, %422) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %424 = "stablehlo.broadcast_in_dim"(%arg61) <{broadcast_dimensions = array<i64: 2>}> : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %425 = "stablehlo.broadcast_in_dim"(%424) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %426 = "stablehlo.add"(%423, %425) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %427 = "stablehlo.dot_general"(%426, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<128x64xf32>) -> tensor<8x16x128xf32>
    %428:3 = "func.call"(%427) <{callee = @log_softmax}> : (tensor<8x16x128xf32>) -> (tensor<8x16x128xf32>, tensor<8x16x128xf32>, tensor<8x16x1xf32>)
    %429 = "stablehlo.broadcast_in_dim"(%arg123) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %430:2 = "func.call"(%428#0, %429) <{callee = @take_along_axis}> : (tensor<8x16x128xf32>, tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>)
    %431 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %432 = "stablehlo.reduce"(%430#0, %431) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg242: tensor<f32>, %arg243: tensor<f32>):
      %1548 = "stablehlo.add"(%arg242, %arg243) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1548) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<f32>
    %433 = "stablehlo.constant"() <{value = dense<1.280000e+02> : tensor<f32>}> : () -> tensor<f32>
    %434 = "stablehlo.divide"(%432, %433) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %435 = "stablehlo.negate"(%434) : (tensor<f32>) -> tensor<f32>
    %436 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %437 = "stablehlo.negate"(%436) : (tensor<f32>) -> tensor<f32>
    %438 = "stablehlo.constant"() <{value = dense<1.280000e+02> : tensor<f32>}> : () -> tensor<f32>
    %439 = "stablehlo.divide"(%437, %438) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %440 = "stablehlo.broadcast_in_dim"(%439) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %441 = "func.call"(%430#1, %440) <{callee = @take_along_axis_1}> : (tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x128xf32>
    %442 = "func.call"(%428#1, %428#2, %441) <{callee = @log_softmax_2}> : (tensor<8x16x128xf32>, tensor<8x16x1xf32>, tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    %443 = "stablehlo.dot_general"(%442, %426) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x128xf32>, tensor<8x16x64xf32>) -> tensor<128x64xf32>
    %444 = "stablehlo.dot_general"(%442, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x128xf32>, tensor<128x64xf32>) -> tensor<8x16x64xf32>
    %445 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %446 = "stablehlo.reduce"(%444, %445) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg240: tensor<f32>, %arg241: tensor<f32>):
      %1547 = "stablehlo.add"(%arg240, %arg241) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1547) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %447 = "stablehlo.reshape"(%446) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %448 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %449 = "stablehlo.reduce"(%447, %448) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg238: tensor<f32>, %arg239: tensor<f32>):
      %1546 = "stablehlo.add"(%arg238, %arg239) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1546) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %450 = "stablehlo.multiply"(%420, %444) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %451 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %452 = "stablehlo.reduce"(%450, %451) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg236: tensor<f32>, %arg237: tensor<f32>):
      %1545 = "stablehlo.add"(%arg236, %arg237) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1545) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %453 = "stablehlo.reshape"(%452) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %454 = "stablehlo.broadcast_in_dim"(%421) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %455 = "stablehlo.multiply"(%444, %454) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %456 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %457 = "stablehlo.reduce"(%453, %456) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg234: tensor<f32>, %arg235: tensor<f32>):
      %1544 = "stablehlo.add"(%arg234, %arg235) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1544) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %458 = "stablehlo.multiply"(%410, %455) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %459 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %460 = "stablehlo.reduce"(%458, %459) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg232: tensor<f32>, %arg233: tensor<f32>):
      %1543 = "stablehlo.add"(%arg232, %arg233) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1543) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %461 = "stablehlo.reshape"(%460) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %462 = "stablehlo.broadcast_in_dim"(%414) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %463 = "stablehlo.multiply"(%455, %462) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %464 = "stablehlo.multiply"(%461, %418) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %465 = "stablehlo.negate"(%463) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %466 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %467 = "stablehlo.reduce"(%465, %466) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg230: tensor<f32>, %arg231: tensor<f32>):
      %1542 = "stablehlo.add"(%arg230, %arg231) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1542) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %468 = "stablehlo.reshape"(%467) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %469 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %470 = "stablehlo.broadcast_in_dim"(%469) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %471 = "stablehlo.divide"(%464, %470) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %472 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %473 = "stablehlo.reduce"(%471, %472) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg228: tensor<f32>, %arg229: tensor<f32>):
      %1541 = "stablehlo.add"(%arg228, %arg229) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1541) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %474 = "stablehlo.broadcast_in_dim"(%473) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %475 = "stablehlo.multiply"(%474, %402) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %476 = "stablehlo.negate"(%475) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %477 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %478 = "stablehlo.reduce"(%476, %477) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg226: tensor<f32>, %arg227: tensor<f32>):
      %1540 = "stablehlo.add"(%arg226, %arg227) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1540) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %479 = "stablehlo.reshape"(%478) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %480 = "stablehlo.add"(%463, %475) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %481 = "stablehlo.add"(%468, %479) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %482 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %483 = "stablehlo.broadcast_in_dim"(%482) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %484 = "stablehlo.divide"(%481, %483) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %485 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %486 = "stablehlo.reduce"(%484, %485) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg224: tensor<f32>, %arg225: tensor<f32>):
      %1539 = "stablehlo.add"(%arg224, %arg225) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1539) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %487 = "stablehlo.broadcast_in_dim"(%486) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %488 = "stablehlo.add"(%480, %487) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %489 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %490 = "stablehlo.reduce"(%488, %489) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg222: tensor<f32>, %arg223: tensor<f32>):
      %1538 = "stablehlo.add"(%arg222, %arg223) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1538) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %491 = "stablehlo.reshape"(%490) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %492 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %493 = "stablehlo.reduce"(%491, %492) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg220: tensor<f32>, %arg221: tensor<f32>):
      %1537 = "stablehlo.add"(%arg220, %arg221) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1537) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %494 = "stablehlo.dot_general"(%488, %385) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %495 = "stablehlo.transpose"(%494) <{permutation = array<i64: 1, 0>}> : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %496 = "stablehlo.dot_general"(%488, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %497 = "stablehlo.multiply"(%361, %496) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %498 = "stablehlo.multiply"(%496, %384) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %499 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %500 = "stablehlo.broadcast_in_dim"(%499) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %501 = "stablehlo.multiply"(%500, %497) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %502 = "stablehlo.multiply"(%501, %378) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %503 = "stablehlo.multiply"(%502, %375) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %504 = "stablehlo.add"(%502, %503) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %505 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %506 = "stablehlo.broadcast_in_dim"(%505) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %507 = "stablehlo.multiply"(%506, %504) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %508 = "stablehlo.add"(%498, %507) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %509 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %510 = "stablehlo.broadcast_in_dim"(%509) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %511 = "stablehlo.multiply"(%510, %507) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %512 = "stablehlo.multiply"(%511, %367) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %513 = "stablehlo.add"(%508, %512) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %514 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %515 = "stablehlo.reduce"(%513, %514) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg218: tensor<f32>, %arg219: tensor<f32>):
      %1536 = "stablehlo.add"(%arg218, %arg219) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1536) : (tensor<f32>) -> ()
    }) : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %516 = "stablehlo.reshape"(%515) : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %517 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %518 = "stablehlo.reduce"(%516, %517) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg216: tensor<f32>, %arg217: tensor<f32>):
      %1535 = "stablehlo.add"(%arg216, %arg217) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1535) : (tensor<f32>) -> ()
    }) : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %519 = "stablehlo.dot_general"(%513, %357) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %520 = "stablehlo.transpose"(%519) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %521 = "stablehlo.dot_general"(%513, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %522 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %523 = "stablehlo.reduce"(%521, %522) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg214: tensor<f32>, %arg215: tensor<f32>):
      %1534 = "stablehlo.add"(%arg214, %arg215) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1534) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %524 = "stablehlo.reshape"(%523) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %525 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %526 = "stablehlo.reduce"(%524, %525) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg212: tensor<f32>, %arg213: tensor<f32>):
      %1533 = "stablehlo.add"(%arg212, %arg213) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1533) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %527 = "stablehlo.multiply"(%351, %521) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %528 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %529 = "stablehlo.reduce"(%527, %528) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg210: tensor<f32>, %arg211: tensor<f32>):
      %1532 = "stablehlo.add"(%arg210, %arg211) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1532) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %530 = "stablehlo.reshape"(%529) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %531 = "stablehlo.broadcast_in_dim"(%352) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %532 = "stablehlo.multiply"(%521, %531) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %533 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %534 = "stablehlo.reduce"(%530, %533) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg208: tensor<f32>, %arg209: tensor<f32>):
      %1531 = "stablehlo.add"(%arg208, %arg209) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1531) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %535 = "stablehlo.multiply"(%341, %532) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %536 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %537 = "stablehlo.reduce"(%535, %536) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg206: tensor<f32>, %arg207: tensor<f32>):
      %1530 = "stablehlo.add"(%arg206, %arg207) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1530) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %538 = "stablehlo.reshape"(%537) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %539 = "stablehlo.broadcast_in_dim"(%345) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %540 = "stablehlo.multiply"(%532, %539) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %541 = "stablehlo.multiply"(%538, %349) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %542 = "stablehlo.negate"(%540) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %543 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %544 = "stablehlo.reduce"(%542, %543) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg204: tensor<f32>, %arg205: tensor<f32>):
      %1529 = "stablehlo.add"(%arg204, %arg205) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1529) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %545 = "stablehlo.reshape"(%544) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %546 = "stablehlo.add"(%488, %540) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %547 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %548 = "stablehlo.broadcast_in_dim"(%547) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %549 = "stablehlo.divide"(%541, %548) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %550 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %551 = "stablehlo.reduce"(%549, %550) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg202: tensor<f32>, %arg203: tensor<f32>):
      %1528 = "stablehlo.add"(%arg202, %arg203) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1528) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %552 = "stablehlo.broadcast_in_dim"(%551) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %553 = "stablehlo.multiply"(%552, %333) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %554 = "stablehlo.negate"(%553) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %555 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %556 = "stablehlo.reduce"(%554, %555) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg200: tensor<f32>, %arg201: tensor<f32>):
      %1527 = "stablehlo.add"(%arg200, %arg201) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1527) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %557 = "stablehlo.reshape"(%556) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %558 = "stablehlo.add"(%546, %553) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %559 = "stablehlo.add"(%545, %557) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %560 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %561 = "stablehlo.broadcast_in_dim"(%560) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %562 = "stablehlo.divide"(%559, %561) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %563 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %564 = "stablehlo.reduce"(%562, %563) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg198: tensor<f32>, %arg199: tensor<f32>):
      %1526 = "stablehlo.add"(%arg198, %arg199) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1526) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %565 = "stablehlo.broadcast_in_dim"(%564) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %566 = "stablehlo.add"(%558, %565) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %567 = "stablehlo.dot_general"(%566, %319) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %568 = "stablehlo.transpose"(%567) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %569 = "stablehlo.dot_general"(%566, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %570 = "stablehlo.reshape"(%569) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %571 = "stablehlo.transpose"(%570) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %572 = "stablehlo.dot_general"(%571, %289) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %573 = "stablehlo.dot_general"(%571, %312) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %574 = "stablehlo.transpose"(%573) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %575 = "stablehlo.broadcast_in_dim"(%316) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %576 = "stablehlo.multiply"(%572, %575) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %577 = "stablehlo.multiply"(%576, %307) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %578 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %579 = "stablehlo.reduce"(%577, %578) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg196: tensor<f32>, %arg197: tensor<f32>):
      %1525 = "stablehlo.add"(%arg196, %arg197) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1525) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %580 = "stablehlo.reshape"(%579) : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %581 = "stablehlo.negate"(%580) : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %582 = "stablehlo.broadcast_in_dim"(%310) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %583 = "stablehlo.divide"(%572, %582) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %584 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %585 = "stablehlo.reduce"(%581, %584) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg194: tensor<f32>, %arg195: tensor<f32>):
      %1524 = "stablehlo.add"(%arg194, %arg195) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1524) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %586 = "stablehlo.broadcast_in_dim"(%585) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %587 = "stablehlo.add"(%583, %586) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %588 = "stablehlo.multiply"(%587, %307) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %589 = "func.call"(%298#1, %588) <{callee = @_where_3}> : (tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %590 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %591 = "stablehlo.broadcast_in_dim"(%590) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %592 = "stablehlo.divide"(%589, %591) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %593 = "stablehlo.dot_general"(%592, %285) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %594 = "stablehlo.transpose"(%593) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %595 = "stablehlo.dot_general"(%592, %287) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %596 = "stablehlo.transpose"(%595) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %597 = "stablehlo.reshape"(%574) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %598 = "stablehlo.dot_general"(%597, %283) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %599 = "stablehlo.transpose"(%598) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %600 = "stablehlo.dot_general"(%597, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %601 = "stablehlo.reshape"(%594) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %602 = "stablehlo.dot_general"(%601, %283) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %603 = "stablehlo.transpose"(%602) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %604 = "stablehlo.dot_general"(%601, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %605 = "stablehlo.add"(%600, %604) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %606 = "stablehlo.reshape"(%596) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %607 = "stablehlo.dot_general"(%606, %283) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %608 = "stablehlo.transpose"(%607) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %609 = "stablehlo.dot_general"(%606, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %610 = "stablehlo.add"(%605, %609) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %611 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %612 = "stablehlo.reduce"(%610, %611) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg192: tensor<f32>, %arg193: tensor<f32>):
      %1523 = "stablehlo.add"(%arg192, %arg193) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1523) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %613 = "stablehlo.reshape"(%612) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %614 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %615 = "stablehlo.reduce"(%613, %614) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg190: tensor<f32>, %arg191: tensor<f32>):
      %1522 = "stablehlo.add"(%arg190, %arg191) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1522) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %616 = "stablehlo.multiply"(%277, %610) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %617 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %618 = "stablehlo.reduce"(%616, %617) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg188: tensor<f32>, %arg189: tensor<f32>):
      %1521 = "stablehlo.add"(%arg188, %arg189) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1521) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %619 = "stablehlo.reshape"(%618) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %620 = "stablehlo.broadcast_in_dim"(%278) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %621 = "stablehlo.multiply"(%610, %620) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %622 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %623 = "stablehlo.reduce"(%619, %622) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg186: tensor<f32>, %arg187: tensor<f32>):
      %1520 = "stablehlo.add"(%arg186, %arg187) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1520) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %624 = "stablehlo.multiply"(%267, %621) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %625 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %626 = "stablehlo.reduce"(%624, %625) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg184: tensor<f32>, %arg185: tensor<f32>):
      %1519 = "stablehlo.add"(%arg184, %arg185) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1519) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %627 = "stablehlo.reshape"(%626) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %628 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %629 = "stablehlo.multiply"(%621, %628) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %630 = "stablehlo.multiply"(%627, %275) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %631 = "stablehlo.negate"(%629) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %632 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %633 = "stablehlo.reduce"(%631, %632) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg182: tensor<f32>, %arg183: tensor<f32>):
      %1518 = "stablehlo.add"(%arg182, %arg183) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1518) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %634 = "stablehlo.reshape"(%633) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %635 = "stablehlo.add"(%566, %629) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %636 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %637 = "stablehlo.broadcast_in_dim"(%636) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %638 = "stablehlo.divide"(%630, %637) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %639 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %640 = "stablehlo.reduce"(%638, %639) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg180: tensor<f32>, %arg181: tensor<f32>):
      %1517 = "stablehlo.add"(%arg180, %arg181) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1517) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %641 = "stablehlo.broadcast_in_dim"(%640) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %642 = "stablehlo.multiply"(%641, %259) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %643 = "stablehlo.negate"(%642) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %644 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %645 = "stablehlo.reduce"(%643, %644) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg178: tensor<f32>, %arg179: tensor<f32>):
      %1516 = "stablehlo.add"(%arg178, %arg179) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1516) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %646 = "stablehlo.reshape"(%645) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %647 = "stablehlo.add"(%635, %642) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %648 = "stablehlo.add"(%634, %646) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %649 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %650 = "stablehlo.broadcast_in_dim"(%649) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %651 = "stablehlo.divide"(%648, %650) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %652 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %653 = "stablehlo.reduce"(%651, %652) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg176: tensor<f32>, %arg177: tensor<f32>):
      %1515 = "stablehlo.add"(%arg176, %arg177) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1515) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %654 = "stablehlo.broadcast_in_dim"(%653) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %655 = "stablehlo.add"(%647, %654) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %656 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %657 = "stablehlo.reduce"(%655, %656) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg174: tensor<f32>, %arg175: tensor<f32>):
      %1514 = "stablehlo.add"(%arg174, %arg175) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1514) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %658 = "stablehlo.reshape"(%657) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %659 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %660 = "stablehlo.reduce"(%658, %659) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg172: tensor<f32>, %arg173: tensor<f32>):
      %1513 = "stablehlo.add"(%arg172, %arg173) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1513) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %661 = "stablehlo.dot_general"(%655, %242) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %662 = "stablehlo.transpose"(%661) <{permutation = array<i64: 1, 0>}> : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %663 = "stablehlo.dot_general"(%655, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %664 = "stablehlo.multiply"(%218, %663) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %665 = "stablehlo.multiply"(%663, %241) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %666 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %667 = "stablehlo.broadcast_in_dim"(%666) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %668 = "stablehlo.multiply"(%667, %664) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %669 = "stablehlo.multiply"(%668, %235) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %670 = "stablehlo.multiply"(%669, %232) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %671 = "stablehlo.add"(%669, %670) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %672 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %673 = "stablehlo.broadcast_in_dim"(%672) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %674 = "stablehlo.multiply"(%673, %671) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %675 = "stablehlo.add"(%665, %674) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %676 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %677 = "stablehlo.broadcast_in_dim"(%676) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %678 = "stablehlo.multiply"(%677, %674) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %679 = "stablehlo.multiply"(%678, %224) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %680 = "stablehlo.add"(%675, %679) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %681 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %682 = "stablehlo.reduce"(%680, %681) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg170: tensor<f32>, %arg171: tensor<f32>):
      %1512 = "stablehlo.add"(%arg170, %arg171) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1512) : (tensor<f32>) -> ()
    }) : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %683 = "stablehlo.reshape"(%682) : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %684 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %685 = "stablehlo.reduce"(%683, %684) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg168: tensor<f32>, %arg169: tensor<f32>):
      %1511 = "stablehlo.add"(%arg168, %arg169) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1511) : (tensor<f32>) -> ()
    }) : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %686 = "stablehlo.dot_general"(%680, %214) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %687 = "stablehlo.transpose"(%686) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %688 = "stablehlo.dot_general"(%680, %arg43) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %689 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %690 = "stablehlo.reduce"(%688, %689) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg166: tensor<f32>, %arg167: tensor<f32>):
      %1510 = "stablehlo.add"(%arg166, %arg167) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1510) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %691 = "stablehlo.reshape"(%690) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %692 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %693 = "stablehlo.reduce"(%691, %692) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg164: tensor<f32>, %arg165: tensor<f32>):
      %1509 = "stablehlo.add"(%arg164, %arg165) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1509) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %694 = "stablehlo.multiply"(%208, %688) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %695 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %696 = "stablehlo.reduce"(%694, %695) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg162: tensor<f32>, %arg163: tensor<f32>):
      %1508 = "stablehlo.add"(%arg162, %arg163) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1508) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %697 = "stablehlo.reshape"(%696) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %698 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %699 = "stablehlo.multiply"(%688, %698) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %700 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %701 = "stablehlo.reduce"(%697, %700) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg160: tensor<f32>, %arg161: tensor<f32>):
      %1507 = "stablehlo.add"(%arg160, %arg161) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1507) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %702 = "stablehlo.multiply"(%198, %699) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %703 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %704 = "stablehlo.reduce"(%702, %703) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg158: tensor<f32>, %arg159: tensor<f32>):
      %1506 = "stablehlo.add"(%arg158, %arg159) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1506) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %705 = "stablehlo.reshape"(%704) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %706 = "stablehlo.broadcast_in_dim"(%202) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %707 = "stablehlo.multiply"(%699, %706) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %708 = "stablehlo.multiply"(%705, %206) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %709 = "stablehlo.negate"(%707) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %710 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %711 = "stablehlo.reduce"(%709, %710) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg156: tensor<f32>, %arg157: tensor<f32>):
      %1505 = "stablehlo.add"(%arg156, %arg157) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1505) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %712 = "stablehlo.reshape"(%711) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %713 = "stablehlo.add"(%655, %707) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %714 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %715 = "stablehlo.broadcast_in_dim"(%714) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %716 = "stablehlo.divide"(%708, %715) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %717 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %718 = "stablehlo.reduce"(%716, %717) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg154: tensor<f32>, %arg155: tensor<f32>):
      %1504 = "stablehlo.add"(%arg154, %arg155) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1504) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %719 = "stablehlo.broadcast_in_dim"(%718) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %720 = "stablehlo.multiply"(%719, %190) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %721 = "stablehlo.negate"(%720) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %722 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %723 = "stablehlo.reduce"(%721, %722) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg152: tensor<f32>, %arg153: tensor<f32>):
      %1503 = "stablehlo.add"(%arg152, %arg153) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1503) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %724 = "stablehlo.reshape"(%723) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %725 = "stablehlo.add"(%713, %720) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %726 = "stablehlo.add"(%712, %724) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %727 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %728 = "stablehlo.broadcast_in_dim"(%727) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %729 = "stablehlo.divide"(%726, %728) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %730 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %731 = "stablehlo.reduce"(%729, %730) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg150: tensor<f32>, %arg151: tensor<f32>):
      %1502 = "stablehlo.add"(%arg150, %arg151) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1502) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %732 = "stablehlo.broadcast_in_dim"(%731) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %733 = "stablehlo.add"(%725, %732) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %734 = "stablehlo.dot_general"(%733, %176) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %735 = "stablehlo.transpose"(%734) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %736 = "stablehlo.dot_general"(%733, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %737 = "stablehlo.reshape"(%736) : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %738 = "stablehlo.transpose"(%737) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %739 = "stablehlo.dot_general"(%738, %146) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %740 = "stablehlo.dot_general"(%738, %169) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %741 = "stablehlo.transpose"(%740) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %742 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %743 = "stablehlo.multiply"(%739, %742) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %744 = "stablehlo.multiply"(%743, %164) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %745 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %746 = "stablehlo.reduce"(%744, %745) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg148: tensor<f32>, %arg149: tensor<f32>):
      %1501 = "stablehlo.add"(%arg148, %arg149) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1501) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %747 = "stablehlo.reshape"(%746) : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %748 = "stablehlo.negate"(%747) : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %749 = "stablehlo.broadcast_in_dim"(%167) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %750 = "stablehlo.divide"(%739, %749) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %751 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %752 = "stablehlo.reduce"(%748, %751) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg146: tensor<f32>, %arg147: tensor<f32>):
      %1500 = "stablehlo.add"(%arg146, %arg147) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1500) : (tensor<f32>) -> ()
    }) : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %753 = "stablehlo.broadcast_in_dim"(%752) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %754 = "stablehlo.add"(%750, %753) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %755 = "stablehlo.multiply"(%754, %164) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %756 = "func.call"(%155#1, %755) <{callee = @_where_3}> : (tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %757 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %758 = "stablehlo.broadcast_in_dim"(%757) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %759 = "stablehlo.divide"(%756, %758) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %760 = "stablehlo.dot_general"(%759, %142) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %761 = "stablehlo.transpose"(%760) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %762 = "stablehlo.dot_general"(%759, %144) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %763 = "stablehlo.transpose"(%762) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %764 = "stablehlo.reshape"(%741) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %765 = "stablehlo.dot_general"(%764, %140) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %766 = "stablehlo.transpose"(%765) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %767 = "stablehlo.dot_general"(%764, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %768 = "stablehlo.reshape"(%761) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %769 = "stablehlo.dot_general"(%768, %140) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %770 = "stablehlo.transpose"(%769) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %771 = "stablehlo.dot_general"(%768, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %772 = "stablehlo.add"(%767, %771) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %773 = "stablehlo.reshape"(%763) : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %774 = "stablehlo.dot_general"(%773, %140) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %775 = "stablehlo.transpose"(%774) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %776 = "stablehlo.dot_general"(%773, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %777 = "stablehlo.add"(%772, %776) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %778 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %779 = "stablehlo.reduce"(%777, %778) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg144: tensor<f32>, %arg145: tensor<f32>):
      %1499 = "stablehlo.add"(%arg144, %arg145) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1499) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %780 = "stablehlo.reshape"(%779) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %781 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %782 = "stablehlo.reduce"(%780, %781) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg142: tensor<f32>, %arg143: tensor<f32>):
      %1498 = "stablehlo.add"(%arg142, %arg143) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1498) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %783 = "stablehlo.multiply"(%134, %777) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %784 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %785 = "stablehlo.reduce"(%783, %784) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg140: tensor<f32>, %arg141: tensor<f32>):
      %1497 = "stablehlo.add"(%arg140, %arg141) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1497) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %786 = "stablehlo.reshape"(%785) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %787 = "stablehlo.broadcast_in_dim"(%135) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %788 = "stablehlo.multiply"(%777, %787) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %789 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %790 = "stablehlo.reduce"(%786, %789) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg138: tensor<f32>, %arg139: tensor<f32>):
      %1496 = "stablehlo.add"(%arg138, %arg139) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1496) : (tensor<f32>) -> ()
    }) : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %791 = "stablehlo.multiply"(%124, %788) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %792 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %793 = "stablehlo.reduce"(%791, %792) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg136: tensor<f32>, %arg137: tensor<f32>):
      %1495 = "stablehlo.add"(%arg136, %arg137) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1495) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %794 = "stablehlo.reshape"(%793) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %795 = "stablehlo.broadcast_in_dim"(%128) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %796 = "stablehlo.multiply"(%788, %795) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %797 = "stablehlo.multiply"(%794, %132) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %798 = "stablehlo.negate"(%796) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %799 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %800 = "stablehlo.reduce"(%798, %799) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg134: tensor<f32>, %arg135: tensor<f32>):
      %1494 = "stablehlo.add"(%arg134, %arg135) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1494) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %801 = "stablehlo.reshape"(%800) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %802 = "stablehlo.add"(%733, %796) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %803 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %804 = "stablehlo.broadcast_in_dim"(%803) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %805 = "stablehlo.divide"(%797, %804) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %806 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %807 = "stablehlo.reduce"(%805, %806) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg132: tensor<f32>, %arg133: tensor<f32>):
      %1493 = "stablehlo.add"(%arg132, %arg133) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1493) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %808 = "stablehlo.broadcast_in_dim"(%807) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %809 = "stablehlo.multiply"(%808, %116) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %810 = "stablehlo.negate"(%809) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %811 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %812 = "stablehlo.reduce"(%810, %811) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg130: tensor<f32>, %arg131: tensor<f32>):
      %1492 = "stablehlo.add"(%arg130, %arg131) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1492) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %813 = "stablehlo.reshape"(%812) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %814 = "stablehlo.add"(%802, %809) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %815 = "stablehlo.add"(%801, %813) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %816 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %817 = "stablehlo.broadcast_in_dim"(%816) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %818 = "stablehlo.divide"(%815, %817) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %819 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %820 = "stablehlo.reduce"(%818, %819) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg128: tensor<f32>, %arg129: tensor<f32>):
      %1491 = "stablehlo.add"(%arg128, %arg129) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1491) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %821 = "stablehlo.broadcast_in_dim"(%820) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %822 = "stablehlo.add"(%814, %821) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %823 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %824 = "stablehlo.reduce"(%822, %823) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg126: tensor<f32>, %arg127: tensor<f32>):
      %1490 = "stablehlo.add"(%arg126, %arg127) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1490) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<16x64xf32>
    %825 = "stablehlo.reshape"(%824) : (tensor<16x64xf32>) -> tensor<1x16x64xf32>
    %826 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %827 = "stablehlo.reduce"(%825, %826) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg124: tensor<f32>, %arg125: tensor<f32>):
      %1489 = "stablehlo.add"(%arg124, %arg125) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1489) : (tensor<f32>) -> ()
    }) : (tensor<1x16x64xf32>, tensor<f32>) -> tensor<16x64xf32>
    %828 = "func.call"(%101#1, %822) <{callee = @_take_4}> : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<128x64xf32>
    %829 = "stablehlo.add"(%443, %828) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %830 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %831 = "stablehlo.add"(%arg121, %830) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %832 = "stablehlo.convert"(%831) : (tensor<i32>) -> tensor<f32>
    %833 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %834 = "stablehlo.broadcast_in_dim"(%833) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %835 = "stablehlo.multiply"(%834, %arg65) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %836 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %837 = "stablehlo.broadcast_in_dim"(%836) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %838 = "stablehlo.multiply"(%837, %685) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %839 = "stablehlo.add"(%835, %838) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %840 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %841 = "stablehlo.broadcast_in_dim"(%840) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %842 = "stablehlo.multiply"(%841, %arg66) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %843 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %844 = "stablehlo.broadcast_in_dim"(%843) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %845 = "stablehlo.multiply"(%844, %660) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %846 = "stablehlo.add"(%842, %845) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %847 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %848 = "stablehlo.broadcast_in_dim"(%847) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %849 = "stablehlo.multiply"(%848, %arg67) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %850 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %851 = "stablehlo.broadcast_in_dim"(%850) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %852 = "stablehlo.multiply"(%851, %782) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %853 = "stablehlo.add"(%849, %852) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %854 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %855 = "stablehlo.broadcast_in_dim"(%854) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %856 = "stablehlo.multiply"(%855, %arg68) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %857 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %858 = "stablehlo.broadcast_in_dim"(%857) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %859 = "stablehlo.multiply"(%858, %790) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %860 = "stablehlo.add"(%856, %859) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %861 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %862 = "stablehlo.broadcast_in_dim"(%861) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %863 = "stablehlo.multiply"(%862, %arg69) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %864 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %865 = "stablehlo.broadcast_in_dim"(%864) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %866 = "stablehlo.multiply"(%865, %693) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %867 = "stablehlo.add"(%863, %866) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %868 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %869 = "stablehlo.broadcast_in_dim"(%868) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %870 = "stablehlo.multiply"(%869, %arg70) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %871 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %872 = "stablehlo.broadcast_in_dim"(%871) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %873 = "stablehlo.multiply"(%872, %701) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %874 = "stablehlo.add"(%870, %873) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %875 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %876 = "stablehlo.broadcast_in_dim"(%875) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %877 = "stablehlo.multiply"(%876, %arg71) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %878 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %879 = "stablehlo.broadcast_in_dim"(%878) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %880 = "stablehlo.multiply"(%879, %687) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %881 = "stablehlo.add"(%877, %880) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %882 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %883 = "stablehlo.broadcast_in_dim"(%882) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %884 = "stablehlo.multiply"(%883, %arg72) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %885 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %886 = "stablehlo.broadcast_in_dim"(%885) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %887 = "stablehlo.multiply"(%886, %662) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %888 = "stablehlo.add"(%884, %887) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %889 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %890 = "stablehlo.broadcast_in_dim"(%889) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %891 = "stablehlo.multiply"(%890, %arg73) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %892 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %893 = "stablehlo.broadcast_in_dim"(%892) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %894 = "stablehlo.multiply"(%893, %770) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %895 = "stablehlo.add"(%891, %894) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %896 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %897 = "stablehlo.broadcast_in_dim"(%896) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %898 = "stablehlo.multiply"(%897, %arg74) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %899 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %900 = "stablehlo.broadcast_in_dim"(%899) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %901 = "stablehlo.multiply"(%900, %735) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %902 = "stablehlo.add"(%898, %901) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %903 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %904 = "stablehlo.broadcast_in_dim"(%903) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %905 = "stablehlo.multiply"(%904, %arg75) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %906 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %907 = "stablehlo.broadcast_in_dim"(%906) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %908 = "stablehlo.multiply"(%907, %775) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %909 = "stablehlo.add"(%905, %908) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %910 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %911 = "stablehlo.broadcast_in_dim"(%910) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %912 = "stablehlo.multiply"(%911, %arg76) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %913 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %914 = "stablehlo.broadcast_in_dim"(%913) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %915 = "stablehlo.multiply"(%914, %766) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %916 = "stablehlo.add"(%912, %915) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %917 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %918 = "stablehlo.broadcast_in_dim"(%917) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %919 = "stablehlo.multiply"(%918, %arg77) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %920 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %921 = "stablehlo.broadcast_in_dim"(%920) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %922 = "stablehlo.multiply"(%921, %518) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %923 = "stablehlo.add"(%919, %922) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %924 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %925 = "stablehlo.broadcast_in_dim"(%924) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %926 = "stablehlo.multiply"(%925, %arg78) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %927 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %928 = "stablehlo.broadcast_in_dim"(%927) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %929 = "stablehlo.multiply"(%928, %493) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %930 = "stablehlo.add"(%926, %929) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %931 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %932 = "stablehlo.broadcast_in_dim"(%931) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %933 = "stablehlo.multiply"(%932, %arg79) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %934 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %935 = "stablehlo.broadcast_in_dim"(%934) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %936 = "stablehlo.multiply"(%935, %615) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %937 = "stablehlo.add"(%933, %936) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %938 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %939 = "stablehlo.broadcast_in_dim"(%938) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %940 = "stablehlo.multiply"(%939, %arg80) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %941 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %942 = "stablehlo.broadcast_in_dim"(%941) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %943 = "stablehlo.multiply"(%942, %623) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %944 = "stablehlo.add"(%940, %943) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %945 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %946 = "stablehlo.broadcast_in_dim"(%945) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %947 = "stablehlo.multiply"(%946, %arg81) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %948 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %949 = "stablehlo.broadcast_in_dim"(%948) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %950 = "stablehlo.multiply"(%949, %526) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %951 = "stablehlo.add"(%947, %950) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %952 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %953 = "stablehlo.broadcast_in_dim"(%952) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %954 = "stablehlo.multiply"(%953, %arg82) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %955 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %956 = "stablehlo.broadcast_in_dim"(%955) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %957 = "stablehlo.multiply"(%956, %534) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %958 = "stablehlo.add"(%954, %957) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %959 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %960 = "stablehlo.broadcast_in_dim"(%959) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %961 = "stablehlo.multiply"(%960, %arg83) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %962 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %963 = "stablehlo.broadcast_in_dim"(%962) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %964 = "stablehlo.multiply"(%963, %520) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %965 = "stablehlo.add"(%961, %964) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %966 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %967 = "stablehlo.broadcast_in_dim"(%966) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %968 = "stablehlo.multiply"(%967, %arg84) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %969 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %970 = "stablehlo.broadcast_in_dim"(%969) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %971 = "stablehlo.multiply"(%970, %495) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %972 = "stablehlo.add"(%968, %971) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %973 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %974 = "stablehlo.broadcast_in_dim"(%973) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %975 = "stablehlo.multiply"(%974, %arg85) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %976 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %977 = "stablehlo.broadcast_in_dim"(%976) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %978 = "stablehlo.multiply"(%977, %603) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %979 = "stablehlo.add"(%975, %978) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %980 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %981 = "stablehlo.broadcast_in_dim"(%980) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %982 = "stablehlo.multiply"(%981, %arg86) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %983 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %984 = "stablehlo.broadcast_in_dim"(%983) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %985 = "stablehlo.multiply"(%984, %568) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %986 = "stablehlo.add"(%982, %985) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %987 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %988 = "stablehlo.broadcast_in_dim"(%987) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %989 = "stablehlo.multiply"(%988, %arg87) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %990 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %991 = "stablehlo.broadcast_in_dim"(%990) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %992 = "stablehlo.multiply"(%991, %608) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %993 = "stablehlo.add"(%989, %992) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %994 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %995 = "stablehlo.broadcast_in_dim"(%994) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %996 = "stablehlo.multiply"(%995, %arg88) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %997 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %998 = "stablehlo.broadcast_in_dim"(%997) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %999 = "stablehlo.multiply"(%998, %599) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1000 = "stablehlo.add"(%996, %999) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1001 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %1002 = "stablehlo.broadcast_in_dim"(%1001) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1003 = "stablehlo.multiply"(%1002, %arg89) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1004 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1005 = "stablehlo.broadcast_in_dim"(%1004) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1006 = "stablehlo.multiply"(%1005, %449) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1007 = "stablehlo.add"(%1003, %1006) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1008 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %1009 = "stablehlo.broadcast_in_dim"(%1008) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1010 = "stablehlo.multiply"(%1009, %arg90) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1011 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1012 = "stablehlo.broadcast_in_dim"(%1011) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1013 = "stablehlo.multiply"(%1012, %457) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1014 = "stablehlo.add"(%1010, %1013) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1015 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %1016 = "stablehlo.broadcast_in_dim"(%1015) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x64xf32>
    %1017 = "stablehlo.multiply"(%1016, %arg91) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1018 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1019 = "stablehlo.broadcast_in_dim"(%1018) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x64xf32>
    %1020 = "stablehlo.multiply"(%1019, %827) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1021 = "stablehlo.add"(%1017, %1020) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1022 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %1023 = "stablehlo.broadcast_in_dim"(%1022) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1024 = "stablehlo.multiply"(%1023, %arg92) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1025 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1026 = "stablehlo.broadcast_in_dim"(%1025) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1027 = "stablehlo.multiply"(%1026, %829) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1028 = "stablehlo.add"(%1024, %1027) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1029 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1030 = "stablehlo.broadcast_in_dim"(%1029) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1031 = "stablehlo.multiply"(%1030, %arg93) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1032 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1033 = "stablehlo.broadcast_in_dim"(%1032) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1034 = "stablehlo.multiply"(%1033, %685) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1035 = "stablehlo.multiply"(%1034, %685) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1036 = "stablehlo.add"(%1031, %1035) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1037 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1038 = "stablehlo.broadcast_in_dim"(%1037) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1039 = "stablehlo.multiply"(%1038, %arg94) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1040 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1041 = "stablehlo.broadcast_in_dim"(%1040) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1042 = "stablehlo.multiply"(%1041, %660) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1043 = "stablehlo.multiply"(%1042, %660) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1044 = "stablehlo.add"(%1039, %1043) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1045 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1046 = "stablehlo.broadcast_in_dim"(%1045) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1047 = "stablehlo.multiply"(%1046, %arg95) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1048 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1049 = "stablehlo.broadcast_in_dim"(%1048) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1050 = "stablehlo.multiply"(%1049, %782) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1051 = "stablehlo.multiply"(%1050, %782) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1052 = "stablehlo.add"(%1047, %1051) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1053 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1054 = "stablehlo.broadcast_in_dim"(%1053) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1055 = "stablehlo.multiply"(%1054, %arg96) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1056 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1057 = "stablehlo.broadcast_in_dim"(%1056) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1058 = "stablehlo.multiply"(%1057, %790) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1059 = "stablehlo.multiply"(%1058, %790) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1060 = "stablehlo.add"(%1055, %1059) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1061 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1062 = "stablehlo.broadcast_in_dim"(%1061) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1063 = "stablehlo.multiply"(%1062, %arg97) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1064 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1065 = "stablehlo.broadcast_in_dim"(%1064) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1066 = "stablehlo.multiply"(%1065, %693) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1067 = "stablehlo.multiply"(%1066, %693) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1068 = "stablehlo.add"(%1063, %1067) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1069 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1070 = "stablehlo.broadcast_in_dim"(%1069) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1071 = "stablehlo.multiply"(%1070, %arg98) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1072 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1073 = "stablehlo.broadcast_in_dim"(%1072) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1074 = "stablehlo.multiply"(%1073, %701) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1075 = "stablehlo.multiply"(%1074, %701) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1076 = "stablehlo.add"(%1071, %1075) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1077 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1078 = "stablehlo.broadcast_in_dim"(%1077) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1079 = "stablehlo.multiply"(%1078, %arg99) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1080 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1081 = "stablehlo.broadcast_in_dim"(%1080) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1082 = "stablehlo.multiply"(%1081, %687) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1083 = "stablehlo.multiply"(%1082, %687) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1084 = "stablehlo.add"(%1079, %1083) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1085 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1086 = "stablehlo.broadcast_in_dim"(%1085) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1087 = "stablehlo.multiply"(%1086, %arg100) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1088 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1089 = "stablehlo.broadcast_in_dim"(%1088) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1090 = "stablehlo.multiply"(%1089, %662) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1091 = "stablehlo.multiply"(%1090, %662) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1092 = "stablehlo.add"(%1087, %1091) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1093 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1094 = "stablehlo.broadcast_in_dim"(%1093) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1095 = "stablehlo.multiply"(%1094, %arg101) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1096 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1097 = "stablehlo.broadcast_in_dim"(%1096) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1098 = "stablehlo.multiply"(%1097, %770) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1099 = "stablehlo.multiply"(%1098, %770) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1100 = "stablehlo.add"(%1095, %1099) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1101 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1102 = "stablehlo.broadcast_in_dim"(%1101) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1103 = "stablehlo.multiply"(%1102, %arg102) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1104 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1105 = "stablehlo.broadcast_in_dim"(%1104) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1106 = "stablehlo.multiply"(%1105, %735) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1107 = "stablehlo.multiply"(%1106, %735) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1108 = "stablehlo.add"(%1103, %1107) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1109 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1110 = "stablehlo.broadcast_in_dim"(%1109) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1111 = "stablehlo.multiply"(%1110, %arg103) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1112 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1113 = "stablehlo.broadcast_in_dim"(%1112) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1114 = "stablehlo.multiply"(%1113, %775) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1115 = "stablehlo.multiply"(%1114, %775) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1116 = "stablehlo.add"(%1111, %1115) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1117 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1118 = "stablehlo.broadcast_in_dim"(%1117) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1119 = "stablehlo.multiply"(%1118, %arg104) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1120 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1121 = "stablehlo.broadcast_in_dim"(%1120) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1122 = "stablehlo.multiply"(%1121, %766) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1123 = "stablehlo.multiply"(%1122, %766) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1124 = "stablehlo.add"(%1119, %1123) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1125 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1126 = "stablehlo.broadcast_in_dim"(%1125) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1127 = "stablehlo.multiply"(%1126, %arg105) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1128 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1129 = "stablehlo.broadcast_in_dim"(%1128) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1130 = "stablehlo.multiply"(%1129, %518) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1131 = "stablehlo.multiply"(%1130, %518) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1132 = "stablehlo.add"(%1127, %1131) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1133 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1134 = "stablehlo.broadcast_in_dim"(%1133) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1135 = "stablehlo.multiply"(%1134, %arg106) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1136 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1137 = "stablehlo.broadcast_in_dim"(%1136) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1138 = "stablehlo.multiply"(%1137, %493) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1139 = "stablehlo.multiply"(%1138, %493) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1140 = "stablehlo.add"(%1135, %1139) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1141 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1142 = "stablehlo.broadcast_in_dim"(%1141) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1143 = "stablehlo.multiply"(%1142, %arg107) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1144 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1145 = "stablehlo.broadcast_in_dim"(%1144) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1146 = "stablehlo.multiply"(%1145, %615) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1147 = "stablehlo.multiply"(%1146, %615) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1148 = "stablehlo.add"(%1143, %1147) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1149 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1150 = "stablehlo.broadcast_in_dim"(%1149) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1151 = "stablehlo.multiply"(%1150, %arg108) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1152 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1153 = "stablehlo.broadcast_in_dim"(%1152) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1154 = "stablehlo.multiply"(%1153, %623) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1155 = "stablehlo.multiply"(%1154, %623) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1156 = "stablehlo.add"(%1151, %1155) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1157 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1158 = "stablehlo.broadcast_in_dim"(%1157) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1159 = "stablehlo.multiply"(%1158, %arg109) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1160 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1161 = "stablehlo.broadcast_in_dim"(%1160) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1162 = "stablehlo.multiply"(%1161, %526) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1163 = "stablehlo.multiply"(%1162, %526) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1164 = "stablehlo.add"(%1159, %1163) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1165 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1166 = "stablehlo.broadcast_in_dim"(%1165) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1167 = "stablehlo.multiply"(%1166, %arg110) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1168 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1169 = "stablehlo.broadcast_in_dim"(%1168) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1170 = "stablehlo.multiply"(%1169, %534) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1171 = "stablehlo.multiply"(%1170, %534) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1172 = "stablehlo.add"(%1167, %1171) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1173 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1174 = "stablehlo.broadcast_in_dim"(%1173) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1175 = "stablehlo.multiply"(%1174, %arg111) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1176 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1177 = "stablehlo.broadcast_in_dim"(%1176) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1178 = "stablehlo.multiply"(%1177, %520) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1179 = "stablehlo.multiply"(%1178, %520) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1180 = "stablehlo.add"(%1175, %1179) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1181 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1182 = "stablehlo.broadcast_in_dim"(%1181) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1183 = "stablehlo.multiply"(%1182, %arg112) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1184 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1185 = "stablehlo.broadcast_in_dim"(%1184) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1186 = "stablehlo.multiply"(%1185, %495) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1187 = "stablehlo.multiply"(%1186, %495) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1188 = "stablehlo.add"(%1183, %1187) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1189 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1190 = "stablehlo.broadcast_in_dim"(%1189) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1191 = "stablehlo.multiply"(%1190, %arg113) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1192 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1193 = "stablehlo.broadcast_in_dim"(%1192) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1194 = "stablehlo.multiply"(%1193, %603) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1195 = "stablehlo.multiply"(%1194, %603) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1196 = "stablehlo.add"(%1191, %1195) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1197 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1198 = "stablehlo.broadcast_in_dim"(%1197) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1199 = "stablehlo.multiply"(%1198, %arg114) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1200 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1201 = "stablehlo.broadcast_in_dim"(%1200) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1202 = "stablehlo.multiply"(%1201, %568) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1203 = "stablehlo.multiply"(%1202, %568) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1204 = "stablehlo.add"(%1199, %1203) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1205 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1206 = "stablehlo.broadcast_in_dim"(%1205) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1207 = "stablehlo.multiply"(%1206, %arg115) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1208 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1209 = "stablehlo.broadcast_in_dim"(%1208) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1210 = "stablehlo.multiply"(%1209, %608) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1211 = "stablehlo.multiply"(%1210, %608) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1212 = "stablehlo.add"(%1207, %1211) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1213 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1214 = "stablehlo.broadcast_in_dim"(%1213) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1215 = "stablehlo.multiply"(%1214, %arg116) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1216 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1217 = "stablehlo.broadcast_in_dim"(%1216) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1218 = "stablehlo.multiply"(%1217, %599) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1219 = "stablehlo.multiply"(%1218, %599) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1220 = "stablehlo.add"(%1215, %1219) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1221 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1222 = "stablehlo.broadcast_in_dim"(%1221) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1223 = "stablehlo.multiply"(%1222, %arg117) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1224 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1225 = "stablehlo.broadcast_in_dim"(%1224) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1226 = "stablehlo.multiply"(%1225, %449) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1227 = "stablehlo.multiply"(%1226, %449) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1228 = "stablehlo.add"(%1223, %1227) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1229 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1230 = "stablehlo.broadcast_in_dim"(%1229) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1231 = "stablehlo.multiply"(%1230, %arg118) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1232 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1233 = "stablehlo.broadcast_in_dim"(%1232) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1234 = "stablehlo.multiply"(%1233, %457) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1235 = "stablehlo.multiply"(%1234, %457) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1236 = "stablehlo.add"(%1231, %1235) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1237 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1238 = "stablehlo.broadcast_in_dim"(%1237) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x64xf32>
    %1239 = "stablehlo.multiply"(%1238, %arg119) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1240 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1241 = "stablehlo.broadcast_in_dim"(%1240) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x64xf32>
    %1242 = "stablehlo.multiply"(%1241, %827) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1243 = "stablehlo.multiply"(%1242, %827) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1244 = "stablehlo.add"(%1239, %1243) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1245 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1246 = "stablehlo.broadcast_in_dim"(%1245) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1247 = "stablehlo.multiply"(%1246, %arg120) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1248 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %1249 = "stablehlo.broadcast_in_dim"(%1248) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1250 = "stablehlo.multiply"(%1249, %829) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1251 = "stablehlo.multiply"(%1250, %829) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1252 = "stablehlo.add"(%1247, %1251) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1253 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1254 = "stablehlo.power"(%1253, %832) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1255 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1256 = "stablehlo.subtract"(%1255, %1254) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1257 = "stablehlo.sqrt"(%1256) : (tensor<f32>) -> tensor<f32>
    %1258 = "stablehlo.constant"() <{value = dense<3.000000e-04> : tensor<f32>}> : () -> tensor<f32>
    %1259 = "stablehlo.multiply"(%1258, %1257) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1260 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %1261 = "stablehlo.power"(%1260, %832) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1262 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1263 = "stablehlo.subtract"(%1262, %1261) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1264 = "stablehlo.divide"(%1259, %1263) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1265 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1266 = "stablehlo.multiply"(%1265, %839) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1267 = "stablehlo.sqrt"(%1036) : (tensor<256xf32>) -> tensor<256xf32>
    %1268 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1269 = "stablehlo.broadcast_in_dim"(%1268) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1270 = "stablehlo.add"(%1267, %1269) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1271 = "stablehlo.divide"(%1266, %1270) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1272 = "stablehlo.subtract"(%arg37, %1271) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1273 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1274 = "stablehlo.multiply"(%1273, %846) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1275 = "stablehlo.sqrt"(%1044) : (tensor<64xf32>) -> tensor<64xf32>
    %1276 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1277 = "stablehlo.broadcast_in_dim"(%1276) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1278 = "stablehlo.add"(%1275, %1277) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1279 = "stablehlo.divide"(%1274, %1278) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1280 = "stablehlo.subtract"(%arg38, %1279) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1281 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1282 = "stablehlo.multiply"(%1281, %853) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1283 = "stablehlo.sqrt"(%1052) : (tensor<64xf32>) -> tensor<64xf32>
    %1284 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1285 = "stablehlo.broadcast_in_dim"(%1284) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1286 = "stablehlo.add"(%1283, %1285) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1287 = "stablehlo.divide"(%1282, %1286) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1288 = "stablehlo.subtract"(%arg39, %1287) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1289 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1290 = "stablehlo.multiply"(%1289, %860) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1291 = "stablehlo.sqrt"(%1060) : (tensor<64xf32>) -> tensor<64xf32>
    %1292 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1293 = "stablehlo.broadcast_in_dim"(%1292) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1294 = "stablehlo.add"(%1291, %1293) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1295 = "stablehlo.divide"(%1290, %1294) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1296 = "stablehlo.subtract"(%arg40, %1295) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1297 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1298 = "stablehlo.multiply"(%1297, %867) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1299 = "stablehlo.sqrt"(%1068) : (tensor<64xf32>) -> tensor<64xf32>
    %1300 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1301 = "stablehlo.broadcast_in_dim"(%1300) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1302 = "stablehlo.add"(%1299, %1301) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1303 = "stablehlo.divide"(%1298, %1302) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1304 = "stablehlo.subtract"(%arg41, %1303) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1305 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1306 = "stablehlo.multiply"(%1305, %874) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1307 = "stablehlo.sqrt"(%1076) : (tensor<64xf32>) -> tensor<64xf32>
    %1308 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1309 = "stablehlo.broadcast_in_dim"(%1308) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1310 = "stablehlo.add"(%1307, %1309) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1311 = "stablehlo.divide"(%1306, %1310) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1312 = "stablehlo.subtract"(%arg42, %1311) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1313 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1314 = "stablehlo.multiply"(%1313, %881) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1315 = "stablehlo.sqrt"(%1084) : (tensor<64x256xf32>) -> tensor<64x256xf32>
    %1316 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1317 = "stablehlo.broadcast_in_dim"(%1316) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1318 = "stablehlo.add"(%1315, %1317) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1319 = "stablehlo.divide"(%1314, %1318) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1320 = "stablehlo.subtract"(%arg43, %1319) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1321 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1322 = "stablehlo.multiply"(%1321, %888) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1323 = "stablehlo.sqrt"(%1092) : (tensor<256x64xf32>) -> tensor<256x64xf32>
    %1324 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1325 = "stablehlo.broadcast_in_dim"(%1324) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1326 = "stablehlo.add"(%1323, %1325) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1327 = "stablehlo.divide"(%1322, %1326) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1328 = "stablehlo.subtract"(%arg44, %1327) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1329 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1330 = "stablehlo.multiply"(%1329, %895) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1331 = "stablehlo.sqrt"(%1100) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1332 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1333 = "stablehlo.broadcast_in_dim"(%1332) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1334 = "stablehlo.add"(%1331, %1333) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1335 = "stablehlo.divide"(%1330, %1334) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1336 = "stablehlo.subtract"(%arg45, %1335) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1337 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1338 = "stablehlo.multiply"(%1337, %902) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1339 = "stablehlo.sqrt"(%1108) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1340 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1341 = "stablehlo.broadcast_in_dim"(%1340) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1342 = "stablehlo.add"(%1339, %1341) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1343 = "stablehlo.divide"(%1338, %1342) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1344 = "stablehlo.subtract"(%arg46, %1343) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1345 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1346 = "stablehlo.multiply"(%1345, %909) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1347 = "stablehlo.sqrt"(%1116) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1348 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1349 = "stablehlo.broadcast_in_dim"(%1348) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1350 = "stablehlo.add"(%1347, %1349) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1351 = "stablehlo.divide"(%1346, %1350) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1352 = "stablehlo.subtract"(%arg47, %1351) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1353 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1354 = "stablehlo.multiply"(%1353, %916) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1355 = "stablehlo.sqrt"(%1124) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1356 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1357 = "stablehlo.broadcast_in_dim"(%1356) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1358 = "stablehlo.add"(%1355, %1357) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1359 = "stablehlo.divide"(%1354, %1358) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1360 = "stablehlo.subtract"(%arg48, %1359) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1361 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1362 = "stablehlo.multiply"(%1361, %923) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1363 = "stablehlo.sqrt"(%1132) : (tensor<256xf32>) -> tensor<256xf32>
    %1364 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1365 = "stablehlo.broadcast_in_dim"(%1364) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256xf32>
    %1366 = "stablehlo.add"(%1363, %1365) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1367 = "stablehlo.divide"(%1362, %1366) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1368 = "stablehlo.subtract"(%arg49, %1367) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %1369 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1370 = "stablehlo.multiply"(%1369, %930) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1371 = "stablehlo.sqrt"(%1140) : (tensor<64xf32>) -> tensor<64xf32>
    %1372 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1373 = "stablehlo.broadcast_in_dim"(%1372) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1374 = "stablehlo.add"(%1371, %1373) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1375 = "stablehlo.divide"(%1370, %1374) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1376 = "stablehlo.subtract"(%arg50, %1375) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1377 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1378 = "stablehlo.multiply"(%1377, %937) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1379 = "stablehlo.sqrt"(%1148) : (tensor<64xf32>) -> tensor<64xf32>
    %1380 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1381 = "stablehlo.broadcast_in_dim"(%1380) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1382 = "stablehlo.add"(%1379, %1381) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1383 = "stablehlo.divide"(%1378, %1382) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1384 = "stablehlo.subtract"(%arg51, %1383) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1385 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1386 = "stablehlo.multiply"(%1385, %944) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1387 = "stablehlo.sqrt"(%1156) : (tensor<64xf32>) -> tensor<64xf32>
    %1388 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1389 = "stablehlo.broadcast_in_dim"(%1388) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1390 = "stablehlo.add"(%1387, %1389) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1391 = "stablehlo.divide"(%1386, %1390) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1392 = "stablehlo.subtract"(%arg52, %1391) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1393 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1394 = "stablehlo.multiply"(%1393, %951) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1395 = "stablehlo.sqrt"(%1164) : (tensor<64xf32>) -> tensor<64xf32>
    %1396 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1397 = "stablehlo.broadcast_in_dim"(%1396) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1398 = "stablehlo.add"(%1395, %1397) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1399 = "stablehlo.divide"(%1394, %1398) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1400 = "stablehlo.subtract"(%arg53, %1399) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1401 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1402 = "stablehlo.multiply"(%1401, %958) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1403 = "stablehlo.sqrt"(%1172) : (tensor<64xf32>) -> tensor<64xf32>
    %1404 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1405 = "stablehlo.broadcast_in_dim"(%1404) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1406 = "stablehlo.add"(%1403, %1405) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1407 = "stablehlo.divide"(%1402, %1406) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1408 = "stablehlo.subtract"(%arg54, %1407) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1409 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1410 = "stablehlo.multiply"(%1409, %965) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1411 = "stablehlo.sqrt"(%1180) : (tensor<64x256xf32>) -> tensor<64x256xf32>
    %1412 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1413 = "stablehlo.broadcast_in_dim"(%1412) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %1414 = "stablehlo.add"(%1411, %1413) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1415 = "stablehlo.divide"(%1410, %1414) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1416 = "stablehlo.subtract"(%arg55, %1415) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %1417 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1418 = "stablehlo.multiply"(%1417, %972) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1419 = "stablehlo.sqrt"(%1188) : (tensor<256x64xf32>) -> tensor<256x64xf32>
    %1420 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1421 = "stablehlo.broadcast_in_dim"(%1420) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %1422 = "stablehlo.add"(%1419, %1421) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1423 = "stablehlo.divide"(%1418, %1422) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1424 = "stablehlo.subtract"(%arg56, %1423) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %1425 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1426 = "stablehlo.multiply"(%1425, %979) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1427 = "stablehlo.sqrt"(%1196) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1428 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1429 = "stablehlo.broadcast_in_dim"(%1428) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1430 = "stablehlo.add"(%1427, %1429) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1431 = "stablehlo.divide"(%1426, %1430) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1432 = "stablehlo.subtract"(%arg57, %1431) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1433 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1434 = "stablehlo.multiply"(%1433, %986) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1435 = "stablehlo.sqrt"(%1204) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1436 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1437 = "stablehlo.broadcast_in_dim"(%1436) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1438 = "stablehlo.add"(%1435, %1437) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1439 = "stablehlo.divide"(%1434, %1438) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1440 = "stablehlo.subtract"(%arg58, %1439) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1441 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1442 = "stablehlo.multiply"(%1441, %993) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1443 = "stablehlo.sqrt"(%1212) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1444 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1445 = "stablehlo.broadcast_in_dim"(%1444) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1446 = "stablehlo.add"(%1443, %1445) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1447 = "stablehlo.divide"(%1442, %1446) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1448 = "stablehlo.subtract"(%arg59, %1447) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1449 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1450 = "stablehlo.multiply"(%1449, %1000) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1451 = "stablehlo.sqrt"(%1220) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1452 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1453 = "stablehlo.broadcast_in_dim"(%1452) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1454 = "stablehlo.add"(%1451, %1453) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1455 = "stablehlo.divide"(%1450, %1454) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1456 = "stablehlo.subtract"(%arg60, %1455) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1457 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1458 = "stablehlo.multiply"(%1457, %1007) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1459 = "stablehlo.sqrt"(%1228) : (tensor<64xf32>) -> tensor<64xf32>
    %1460 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1461 = "stablehlo.broadcast_in_dim"(%1460) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1462 = "stablehlo.add"(%1459, %1461) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1463 = "stablehlo.divide"(%1458, %1462) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1464 = "stablehlo.subtract"(%arg61, %1463) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1465 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1466 = "stablehlo.multiply"(%1465, %1014) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1467 = "stablehlo.sqrt"(%1236) : (tensor<64xf32>) -> tensor<64xf32>
    %1468 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1469 = "stablehlo.broadcast_in_dim"(%1468) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1470 = "stablehlo.add"(%1467, %1469) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1471 = "stablehlo.divide"(%1466, %1470) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1472 = "stablehlo.subtract"(%arg62, %1471) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1473 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x64xf32>
    %1474 = "stablehlo.multiply"(%1473, %1021) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1475 = "stablehlo.sqrt"(%1244) : (tensor<16x64xf32>) -> tensor<16x64xf32>
    %1476 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1477 = "stablehlo.broadcast_in_dim"(%1476) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x64xf32>
    %1478 = "stablehlo.add"(%1475, %1477) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1479 = "stablehlo.divide"(%1474, %1478) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1480 = "stablehlo.subtract"(%arg63, %1479) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
    %1481 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1482 = "stablehlo.multiply"(%1481, %1028) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1483 = "stablehlo.sqrt"(%1252) : (tensor<128x64xf32>) -> tensor<128x64xf32>
    %1484 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %1485 = "stablehlo.broadcast_in_dim"(%1484) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1486 = "stablehlo.add"(%1483, %1485) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1487 = "stablehlo.divide"(%1482, %1486) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1488 = "stablehlo.subtract"(%arg64, %1487) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    "func.return"(%1272, %1280, %1288, %1296, %1304, %1312, %1320, %1328, %1336, %1344, %1352, %1360, %1368, %1376, %1384, %1392, %1400, %1408, %1416, %1424, %1432, %1440, %1448, %1456, %1464, %1472, %1480, %1488, %839, %846, %853, %860, %867, %874, %881, %888, %895, %902, %909, %916, %923, %930, %937, %944, %951, %958, %965, %972, %979, %986, %993, %1000, %1007, %1014, %1021, %1028, %1036, %1044, %1052, %1060, %1068, %1076, %1084, %1092, %1100, %1108, %1116, %1124, %1132, %1140, %1148, %1156, %1164, %1172, %1180, %1188, %1196, %1204, %1212, %1220, %1228, %1236, %1244, %1252, %831, %435) : (tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<128x64xf32>, tensor<i32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<128x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg33: tensor<128x64xf32>, %arg34: tensor<8x16xi32>):
    %77 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %78 = "stablehlo.broadcast_in_dim"(%77) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16xi32>
    %79 = "stablehlo.compare"(%arg34, %78) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %80 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %81 = "stablehlo.broadcast_in_dim"(%80) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16xi32>
    %82 = "stablehlo.add"(%arg34, %81) : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %83 = "func.call"(%79, %82, %arg34) <{callee = @_where}> : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %84 = "stablehlo.broadcast_in_dim"(%83) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %85 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %86 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %87 = "stablehlo.broadcast_in_dim"(%86) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16x1xi32>
    %88 = "stablehlo.compare"(%84, %87) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %89 = "stablehlo.broadcast_in_dim"(%85) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %90 = "stablehlo.broadcast_in_dim"(%89) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<8x16x1xi32>
    %91 = "stablehlo.compare"(%84, %90) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %92 = "stablehlo.and"(%88, %91) : (tensor<8x16x1xi1>, tensor<8x16x1xi1>) -> tensor<8x16x1xi1>
    %93 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %94 = "stablehlo.reduce"(%92, %93) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg35: tensor<i1>, %arg36: tensor<i1>):
      %100 = "stablehlo.and"(%arg35, %arg36) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%100) : (tensor<i1>) -> ()
    }) : (tensor<8x16x1xi1>, tensor<i1>) -> tensor<8x16xi1>
    %95 = "stablehlo.gather"(%arg33, %84) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<128x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %96 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi1>) -> tensor<8x16x64xi1>
    %97 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %99 = "stablehlo.select"(%96, %95, %98) : (tensor<8x16x64xi1>, tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    "func.return"(%99, %84) : (tensor<8x16x64xf32>, tensor<8x16x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg30: tensor<8x16xi1>, %arg31: tensor<8x16xi32>, %arg32: tensor<8x16xi32>):
    %76 = "stablehlo.select"(%arg30, %arg31, %arg32) : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    "func.return"(%76) : (tensor<8x16xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<16x16xi1>) -> tensor<16x16xi1>, res_attrs = [{}], sym_name = "tril", sym_visibility = "private"}> ({
  ^bb0(%arg29: tensor<16x16xi1>):
    %67 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16x16xi32>
    %68 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %69 = "stablehlo.broadcast_in_dim"(%68) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<16x16xi32>
    %70 = "stablehlo.add"(%67, %69) : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
    %71 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<16x16xi32>
    %72 = "stablehlo.compare"(%70, %71) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %73 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %74 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %75 = "stablehlo.select"(%72, %arg29, %74) : (tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>) -> tensor<16x16xi1>
    "func.return"(%75) : (tensor<16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<16x16xi1>, tensor<8x4x16x16xf32>, tensor<f32>) -> (tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg26: tensor<16x16xi1>, %arg27: tensor<8x4x16x16xf32>, %arg28: tensor<f32>):
    %63 = "stablehlo.convert"(%arg28) : (tensor<f32>) -> tensor<f32>
    %64 = "stablehlo.broadcast_in_dim"(%arg26) <{broadcast_dimensions = array<i64: 2, 3>}> : (tensor<16x16xi1>) -> tensor<8x4x16x16xi1>
    %65 = "stablehlo.broadcast_in_dim"(%63) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %66 = "stablehlo.select"(%64, %arg27, %65) : (tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    "func.return"(%66, %64) : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<8x16x128xf32>) -> (tensor<8x16x128xf32>, tensor<8x16x128xf32>, tensor<8x16x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg21: tensor<8x16x128xf32>):
    %46 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %47 = "stablehlo.reduce"(%arg21, %46) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg24: tensor<f32>, %arg25: tensor<f32>):
      %62 = "stablehlo.maximum"(%arg24, %arg25) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%62) : (tensor<f32>) -> ()
    }) : (tensor<8x16x128xf32>, tensor<f32>) -> tensor<8x16xf32>
    %48 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %49 = "stablehlo.broadcast_in_dim"(%48) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %50 = "stablehlo.maximum"(%49, %47) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %51 = "stablehlo.broadcast_in_dim"(%50) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x128xf32>
    %53 = "stablehlo.subtract"(%arg21, %52) : (tensor<8x16x128xf32>, tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    %54 = "stablehlo.exponential"(%53) : (tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    %55 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %56 = "stablehlo.reduce"(%54, %55) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg22: tensor<f32>, %arg23: tensor<f32>):
      %61 = "stablehlo.add"(%arg22, %arg23) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%61) : (tensor<f32>) -> ()
    }) : (tensor<8x16x128xf32>, tensor<f32>) -> tensor<8x16xf32>
    %57 = "stablehlo.broadcast_in_dim"(%56) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %58 = "stablehlo.log"(%57) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %59 = "stablehlo.broadcast_in_dim"(%58) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x128xf32>
    %60 = "stablehlo.subtract"(%53, %59) : (tensor<8x16x128xf32>, tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    "func.return"(%60, %54, %57) : (tensor<8x16x128xf32>, tensor<8x16x128xf32>, tensor<8x16x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<8x16x128xf32>, tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg17: tensor<8x16x128xf32>, %arg18: tensor<8x16x1xi32>):
    %23 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16x1xi32>
    %25 = "stablehlo.compare"(%arg18, %24) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %26 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %27 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16x1xi32>
    %28 = "stablehlo.add"(%arg18, %27) : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi32>
    %29 = "stablehlo.select"(%25, %28, %arg18) : (tensor<8x16x1xi1>, tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi32>
    %30 = "stablehlo.reshape"(%29) : (tensor<8x16x1xi32>) -> tensor<8x16x1x1xi32>
    %31 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %32 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %33 = "stablehlo.broadcast_in_dim"(%32) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16x1x1xi32>
    %34 = "stablehlo.compare"(%30, %33) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %35 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %36 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<8x16x1x1xi32>
    %37 = "stablehlo.compare"(%30, %36) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %38 = "stablehlo.and"(%34, %37) : (tensor<8x16x1x1xi1>, tensor<8x16x1x1xi1>) -> tensor<8x16x1x1xi1>
    %39 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %40 = "stablehlo.reduce"(%38, %39) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg19: tensor<i1>, %arg20: tensor<i1>):
      %45 = "stablehlo.and"(%arg19, %arg20) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%45) : (tensor<i1>) -> ()
    }) : (tensor<8x16x1x1xi1>, tensor<i1>) -> tensor<8x16x1xi1>
    %41 = "stablehlo.gather"(%arg17, %30) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x16x128xf32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1xf32>
    %42 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %43 = "stablehlo.broadcast_in_dim"(%42) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %44 = "stablehlo.select"(%40, %41, %43) : (tensor<8x16x1xi1>, tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    "func.return"(%44, %30) : (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x128xf32>, res_attrs = [{}], sym_name = "take_along_axis_1", sym_visibility = "private"}> ({
  ^bb0(%arg13: tensor<8x16x1x1xi32>, %arg14: tensor<8x16x1xf32>):
    %19 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x128xf32>
    %21 = "stablehlo.scatter"(%20, %arg13, %arg14) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %22 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%22) : (tensor<f32>) -> ()
    }) : (tensor<8x16x128xf32>, tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x128xf32>
    "func.return"(%21) : (tensor<8x16x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<8x16x128xf32>, tensor<8x16x1xf32>, tensor<8x16x128xf32>) -> tensor<8x16x128xf32>, res_attrs = [{}], sym_name = "log_softmax_2", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<8x16x128xf32>, %arg7: tensor<8x16x1xf32>, %arg8: tensor<8x16x128xf32>):
    %7 = "stablehlo.negate"(%arg8) : (tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    %8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %9 = "stablehlo.reduce"(%7, %8) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg11: tensor<f32>, %arg12: tensor<f32>):
      %18 = "stablehlo.add"(%arg11, %arg12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%18) : (tensor<f32>) -> ()
    }) : (tensor<8x16x128xf32>, tensor<f32>) -> tensor<8x16xf32>
    %10 = "stablehlo.reshape"(%9) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %11 = "stablehlo.divide"(%10, %arg7) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%11, %12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %17 = "stablehlo.add"(%arg9, %arg10) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%17) : (tensor<f32>) -> ()
    }) : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xf32>) -> tensor<8x16x128xf32>
    %15 = "stablehlo.multiply"(%14, %arg6) : (tensor<8x16x128xf32>, tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    %16 = "stablehlo.add"(%arg8, %15) : (tensor<8x16x128xf32>, tensor<8x16x128xf32>) -> tensor<8x16x128xf32>
    "func.return"(%16) : (tensor<8x16x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>, res_attrs = [{}], sym_name = "_where_3", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<8x4x16x16xi1>, %arg5: tensor<8x4x16x16xf32>):
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %6 = "stablehlo.select"(%arg4, %arg5, %5) : (tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    "func.return"(%6) : (tensor<8x4x16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<128x64xf32>, res_attrs = [{}], sym_name = "_take_4", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %2 = "stablehlo.scatter"(%1, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<128x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<128x64xf32>
    "func.return"(%2) : (tensor<128x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
